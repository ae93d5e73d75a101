import Foundation
import Testing
import ISOBMFF
import TestSupport
@testable import LivePhotoKit

/// `convert --to motion` reads a Live Photo's still time from its still-image-time, which sits
/// on a movie tick, up to a whole tick before the frame it marks: the still is the last frame
/// that starts by the tick after the marked one. That tick is a whole tick of the movie's
/// timescale, and at timescale 1 a whole second.
@Suite("Live Photo to Motion Photo: the still is the last frame starting by the tick after the still-image-time")
struct LiveStillTimeTickAfterTests {
    /// 90 frames of 1/30 s in a movie of timescale 1 (3 s), paired with its still-image-time at
    /// frame 30 (movie tick 1, 1.0 s). The tick after is 2 s, and frame 60 starts exactly then.
    @Test("timescale 1, still-image-time at tick 1 (1 s): the tick after is 2 s, the still frame 60 at exactly 2 s")
    func wholeSecondTick() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let m = SyntheticVideoMovie(movieTimescale: 1, mediaTimescale: 30, durations: Array(repeating: 1, count: 90), bFrames: false, editList: false)
        let movie = try Support.write(m.bytes(), in: dir, name: "IMG.MOV")
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        var options = PairOptions()
        options.stillTime = .frame(30)
        _ = try PairOperation.run(still: still, movie: movie, options: options)

        let file = try MovieFile.open(path: movie)
        let video = try #require(file.movie.videoTracks.first)
        let marked = try #require(file.movie.stillImageTimeTracks.first?.firstSampleStart(movieTimescale: 1))
        try #require(marked.numerator == marked.scale, "the still-image-time is at 1 s: \(marked)")
        var warnings: [String] = []
        let time = LivePhotoToMotionPhoto.liveStillTime(file, video: video, warnings: &warnings)
        #expect(time.numerator == 2 * time.scale, "still at \(time.numerator)/\(time.scale) s, not 2 s")
        #expect(time == FrameTiming(track: video, movieTimescale: 1).start(ofFrame: 60))
        #expect(warnings.isEmpty, "\(warnings)")
    }
}
