// `pair --still-frame 0` on a movie that already has a usable still-image-time track moves
// that track's sample to the movie's first tick. Checked with the built binary on these
// fixtures: the moved track's elst is one entry (duration 67, media time 0) and `inspect`
// reports the still-image-time at 0.000 s: no empty edit before the sample, which would put
// the still a tick after the frame's start while the result says 0.
import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

@Suite("pair --still-frame 0: an existing still-image-time track moved to the movie's start")
struct StillFrameZeroMoveTests {
    @Test("re-pairing at frame 0 puts the track's sample at tick 0 exactly: no empty edit, the time reported is the one written")
    func movedToFrameZero() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG.MOV")
        let first = try PairOperation.run(still: still, movie: movie)
        #expect(first.stillImageTime == .added && first.stillTime > 0)
        let oldTrack = try #require(try MovieFile.open(path: movie).movie.stillImageTimeTracks.first)
        let oldSampleEdit = try #require(oldTrack.edits?.entries.first { $0.mediaTime >= 0 })

        var options = PairOptions()
        options.stillTime = .frame(0)
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.stillImageTime == .moved)
        #expect(result.stillTime == 0)

        let file = try MovieFile.open(path: movie)
        let timescale = file.movie.header.timescale
        let video = try #require(file.movie.videoTracks.first)
        #expect(FrameTiming(track: video, movieTimescale: timescale).startTick(ofFrame: 0) == 0)
        let track = try #require(file.movie.stillImageTimeTracks.first)
        #expect(file.movie.stillImageTimeTracks.count == 1 && track.trackID == oldTrack.trackID)
        #expect(track.edits?.entries == [oldSampleEdit], "the sample's edit alone, no empty edit before it")
        #expect(track.header.duration == oldSampleEdit.duration)
        #expect(FrameTiming(track: track, movieTimescale: timescale).startTick(ofFrame: 0) == 0)
        // What a user reads: inspect puts the still-image-time at 0 s, the time pair reported.
        #expect(try Inspector.inspect(path: movie).movie?.stillImageTime?.presentationTime == 0)

        // The same frame again: already paired, nothing written.
        let bytes = try Support.bytes(movie)
        #expect(try PairOperation.run(still: still, movie: movie, options: options).status == .alreadyPaired)
        #expect(try Support.bytes(movie) == bytes)
    }
}
