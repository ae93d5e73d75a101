import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// A HEIC `convert` run again finds its own earlier output (every item but the XMP/Exif byte for
/// byte) and reports it; a file under the same name whose image differs is someone else's.
@Suite(.requires(.python3, .heifEnc))
struct HEICConvertedBeforeTests {
    /// Flips one byte inside the primary item's data (the HEVC image), leaving the boxes, the
    /// Exif, the XMP and any `mpvd` as they are.
    static func changePrimaryImage(_ path: String) throws {
        let file = try HEIFFile.open(path: path)
        let item = try #require(file.locations.items.first { $0.itemID == file.primaryItemID })
        let extent = try #require(item.extents.first)
        #expect(item.constructionMethod == .fileOffset && extent.length > 20)
        var bytes = try Support.bytes(path)
        bytes[Int(item.baseOffset + extent.offset) + 20] ^= 0x55
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    @Test func liveToMotionRunAgainFindsItsOwnHEIC() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0003.HEIC")
        let movie = try Support.copy(Support.fixture("movie-audio.mov"), to: dir, as: "IMG_0003.MOV")
        _ = try PairOperation.run(still: still, movie: movie)
        let a = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        let motion = try #require(a.motionPhoto)
        let written = try Support.bytes(motion)
        let b = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        #expect(b.status == .alreadyConverted && b.motionPhoto == motion)
        #expect(try Support.bytes(motion) == written)
        // The same identifier and video, another image: not this still's output; the next name.
        try Self.changePrimaryImage(motion)
        let changed = try Support.bytes(motion)
        let c = try LivePhotoToMotionPhoto.run(still: still, movie: movie)
        #expect(c.status == .converted && c.motionPhoto != nil && c.motionPhoto != motion)
        #expect(try Support.bytes(motion) == changed, "the other file is left as it is")
        #expect(try Support.bytes(#require(c.motionPhoto)) == written, "the new name holds what the first run wrote")
    }

    @Test func motionToLiveRunAgainFindsItsOwnHEICStill() throws {
        let (dir, _) = try HEICMotionPhotoTests.build()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (_, options) = try HEICMotionPhotoTests.outDir(dir)
        let input = dir.appendingPathComponent("20240606_101010.heic").path
        let a = try MotionPhotoToLivePhoto.run(path: input, options: options)
        let still = try #require(a.still), movie = try #require(a.movie)
        let written = try [still, movie].map(Support.bytes)
        let b = try MotionPhotoToLivePhoto.run(path: input, options: options)
        #expect(b.status == .alreadyConverted && b.still == still && b.movie == movie && b.identifier == a.identifier)
        #expect(try [still, movie].map(Support.bytes) == written)
        let photo = try MotionPhotoToLivePhoto.Input(path: input, scanned: nil)
        #expect(ConvertedBefore.livePhoto(still: still, movie: movie, video: photo.movieFile, identifier: nil, sameImage: photo.holdsImage)
                == .complete(identifier: try #require(a.identifier)))
        // The still's image changed (identifier and movie kept): taken, and a rerun writes a new pair.
        try Self.changePrimaryImage(still)
        #expect(ConvertedBefore.livePhoto(still: still, movie: movie, video: photo.movieFile, identifier: nil, sameImage: photo.holdsImage) == .taken)
        let c = try MotionPhotoToLivePhoto.run(path: input, options: options)
        #expect(c.status == .converted && c.still != still && c.movie != movie)
    }
}
