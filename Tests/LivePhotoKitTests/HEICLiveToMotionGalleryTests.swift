import Foundation
import Testing
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// Live → Motion with a HEIC still: the Google and Samsung layouts keep it HEIC (`.MP.HEIC`,
/// the Samsung HEIC variant); `--oppo` and `--huawei` write JPEG Motion Photos only, so a HEIC
/// still is refused with them before anything is written.
@Suite("Live → Motion (HEIC): which galleries take a HEIC still")
struct HEICLiveToMotionGalleryTests {
    /// A paired HEIC Live Photo in a fresh folder.
    static func pairedHEIC(in dir: TempDir) throws -> (still: String, movie: String) {
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir.url, as: "IMG_0003.HEIC")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url, as: "IMG_0003.MOV")
        _ = try PairOperation.run(still: still, movie: movie)
        return (still, movie)
    }

    @Test("--oppo and --huawei refuse a HEIC still; nothing is written", arguments: [MotionPhotoGallery.oppo, .huawei])
    func jpegOnlyGalleriesRefuseHEIC(_ gallery: MotionPhotoGallery) throws {
        let dir = try TempDir()
        let (still, movie) = try Self.pairedHEIC(in: dir)
        var options = ConvertOptions()
        options.gallery = gallery
        let error = #expect(throws: LivePhotoError.self) { _ = try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options) }
        #expect(error?.category == .refused && error?.path == still)
        #expect(error?.reason == "--\(gallery.rawValue) writes a JPEG Motion Photo; this still is HEIC")
        #expect(try dir.listing() == ["IMG_0003.HEIC", "IMG_0003.MOV"])
    }

    @Test("--samsung converts a HEIC still to a Samsung HEIC Motion Photo")
    func samsungConvertsHEIC() throws {
        let dir = try TempDir()
        let (still, movie) = try Self.pairedHEIC(in: dir)
        var options = ConvertOptions()
        options.gallery = .samsung
        let r = try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options)
        #expect(r.status == .converted && r.variant == .samsungHEIC)
        #expect(r.motionPhoto == dir.path("IMG_0003.MP.HEIC"))
        let photo = try HEICMotionPhoto.read(source: FileSource(path: try #require(r.motionPhoto)))
        #expect(photo.video.length == r.videoBytes)
    }
}
