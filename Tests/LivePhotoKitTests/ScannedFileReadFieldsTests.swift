import Foundation
import Testing
import ISOBMFF
@testable import LivePhotoKit

/// What a scan records of a file: one the walk could not use is recorded unread (no format, no
/// identifier, no still-image-time track) with the walk's reason; a movie read has its `mvhd`
/// duration in whole milliseconds.
@Suite("scan: an unusable file is recorded unread; a movie's duration is recorded")
struct ScannedFileReadFieldsTests {
    @Test("a broken link as listed: unread, 0 still-image-time tracks, the walk's reason")
    func unusableFileIsUnread() {
        let reason = "broken symbolic link (its target does not exist)"
        let listed = DirectoryWalker.File(path: "/nowhere/gone.mov", role: .movie, problem: reason)
        let read = ScannedFile.read(listed: listed, forVerify: false)
        #expect(read == ScannedFile(path: "/nowhere/gone.mov", role: .movie, format: .unknown, identifier: nil, stillImageTimeTracks: 0, error: reason))
    }

    @Test("a fixture movie's duration: its mvhd duration in whole milliseconds", arguments: ["movie-moov-last.mov", "movie-moov-first.mov"])
    func movieDuration(_ fixture: String) throws {
        let path = Support.fixture(fixture)
        let header = try MovieFile.open(path: path).movie.header
        try #require(header.timescale > 0 && header.duration > 0)
        let scanned = ScannedFile.read(path: path, role: .movie)
        #expect(scanned.error == nil)
        #expect(scanned.durationMilliseconds == Int64(header.duration * 1000 / UInt64(header.timescale)))
    }
}
