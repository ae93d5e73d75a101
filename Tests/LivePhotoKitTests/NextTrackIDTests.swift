import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// A movie's `next_track_ID` is only a hint: writers leave 0, the maximum, or a value already
/// taken. The still-image-time track pairing adds must still get an id no other track has.
@Suite("pair: a new track's id when next_track_ID cannot be used")
struct NextTrackIDTests {
    @Test("the new still-image-time track takes the id above every track's", arguments: [UInt32(0), 1, 2, UInt32.max])
    func unusableNextTrackID(next: UInt32) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = MovieRewritePlan(file: try MovieFile.open(path: Support.fixture("movie-audio.mov")))
        let ids = plan.file.movie.tracks.map(\.trackID)
        #expect(ids.count >= 2, "the fixture has a video and an audio track")
        guard let mvhd = plan.moov.child("mvhd") else { Issue.record("no mvhd"); return }
        MovieHeader.setNextTrackID(next, in: mvhd)
        let movie = dir.appendingPathComponent("hinted.mov").path
        try WholeFileMovieWriter.prepare(plan, targetPath: movie).commit()
        let original = dir.appendingPathComponent("original.mov").path
        try FileManager.default.copyItem(atPath: movie, toPath: original)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)

        let result = try PairOperation.run(still: still, movie: movie)
        let paired = try MovieFile.open(path: movie).movie
        let added = paired.stillImageTimeTracks.map(\.trackID)
        #expect(added == [(ids.max() ?? 0) + 1], "new track id \(added) with next_track_ID \(next)")
        try MovieInvariants.check(original: original, paired: movie, result: result)
    }

    @Test("a usable next_track_ID above every track's is the new track's id, and the hint moves past it",
          arguments: [UInt32(1), 7, 1000])
    func usableNextTrackIDKept(above: UInt32) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = MovieRewritePlan(file: try MovieFile.open(path: Support.fixture("movie-audio.mov")))
        let next = (plan.file.movie.tracks.map(\.trackID).max() ?? 0) + above
        guard let mvhd = plan.moov.child("mvhd") else { Issue.record("no mvhd"); return }
        MovieHeader.setNextTrackID(next, in: mvhd)
        let movie = dir.appendingPathComponent("hinted.mov").path
        try WholeFileMovieWriter.prepare(plan, targetPath: movie).commit()
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)

        _ = try PairOperation.run(still: still, movie: movie)
        let paired = try MovieFile.open(path: movie).movie
        #expect(paired.stillImageTimeTracks.map(\.trackID) == [next])
        #expect(paired.header.nextTrackID == next + 1)
    }

    /// With every track removed, no id is taken: an unusable hint gives 1, the first id there is.
    @Test("every track removed: an unusable next_track_ID gives id 1, a usable one is kept", arguments: [(UInt32(0), UInt32(1)), (UInt32.max, UInt32(1)), (UInt32(5), UInt32(5))])
    func everyTrackRemoved(next: UInt32, expected: UInt32) throws {
        let plan = MovieRewritePlan(file: try MovieFile.open(path: Support.fixture("movie-audio.mov")))
        let mvhd = try #require(plan.moov.child("mvhd"))
        MovieHeader.setNextTrackID(next, in: mvhd)
        let movie = try Movie(moov: plan.moov)
        #expect(MovieTrackEdit.newTrackID(in: movie, removing: movie.tracks) == expected)
    }
}
