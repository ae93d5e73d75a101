import Foundation
import Testing
@testable import LivePhotoKit

/// When a folder holds several stills or several movies of one name, `scan` (and `pair DIR`,
/// which pairs what `scan` matches) takes the JPEG before the HEIC and the QuickTime movie before
/// the MP4, whatever order their names sort in. Here the HEIC and the MP4 sort first in path
/// order ("IMG_0001.HEIC" < "IMG_0001.JPG", "IMG_0002.MP4" < "IMG_0002.mov"), so picking the
/// first file of the name is not enough.
@Suite("scan: among files of one name, JPEG before HEIC and QuickTime before MP4")
struct LibraryFormatPreferenceTests {
    @Test("the JPEG and the QuickTime movie are the ones matched by name; the others are left out of the pair")
    func jpegAndQuickTimePreferred() throws {
        let dir = try TempDir()
        let f = Support.fixture
        let heic = try Support.copy(f("still-heic.heic"), to: dir.url, as: "IMG_0001.HEIC")
        let jpeg1 = try Support.copy(f("still-no-exif.jpg"), to: dir.url, as: "IMG_0001.JPG")
        let mov1 = try Support.copy(f("movie-moov-last.mov"), to: dir.url, as: "IMG_0001.MOV")
        let jpeg2 = try Support.copy(f("still-no-exif.jpg"), to: dir.url, as: "IMG_0002.JPG")
        let mp4 = try Support.copy(f("movie-mp4.mp4"), to: dir.url, as: "IMG_0002.MP4")
        let mov2 = try Support.copy(f("movie-moov-first.mov"), to: dir.url, as: "IMG_0002.mov")

        let scan = LibraryScanner.scan([dir.url.path], jobs: 1)
        #expect(scan.filesRead == 6)
        #expect(scan.files.first { $0.path == heic }?.format == .heic)
        #expect(scan.files.first { $0.path == mp4 }?.format == .mp4Movie)

        // IMG_0001: the JPEG, not the HEIC, goes with the movie.
        let first = try #require(scan.findings.first { $0.movie == mov1 }, "\(scan.findings)")
        #expect(first.finding == .candidate && first.matchedBy == .name)
        #expect(first.still == jpeg1, "\(scan.findings)")
        #expect(scan.findings.first { $0.still == heic }?.movie == nil, "the HEIC is not paired with the movie")

        // IMG_0002: the QuickTime movie, not the MP4, goes with the still.
        let second = try #require(scan.findings.first { $0.still == jpeg2 }, "\(scan.findings)")
        #expect(second.finding == .candidate && second.matchedBy == .name)
        #expect(second.movie == mov2, "\(scan.findings)")
        #expect(!scan.findings.contains { $0.movie == mp4 && $0.isPair }, "the MP4 is not paired")
    }
}
