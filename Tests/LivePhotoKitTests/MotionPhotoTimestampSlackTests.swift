import Foundation
import Testing
import TestSupport
@testable import ISOBMFF
@testable import LivePhotoKit

/// A Motion Photo's presentation timestamp is a whole microsecond rounded from a frame's time,
/// so the frame chosen is the last one starting at or before the timestamp plus one
/// microsecond: exactly one, so a timestamp two microseconds before a frame still names the
/// frame before it.
@Suite("Motion Photo still time: one microsecond of slack, not two")
struct MotionPhotoTimestampSlackTests {
    @Test("frame 1 starts at S µs: ceil(S) - 1 takes frame 1, ceil(S) - 2 takes frame 0, neither warns")
    func oneMicrosecondOfSlack() throws {
        let mp4 = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let tracks = try #require(MotionPhotoVideoTracks(mp4.movie))
        #expect(tracks.stillFrameStart == nil, "no one-frame still track: the timestamp decides")
        let timing = FrameTiming(track: tracks.motion, movieTimescale: mp4.movie.header.timescale)
        try #require(timing.frameCount > 2 && timing.start(ofFrame: 0).numerator == 0)
        let s = timing.start(ofFrame: 1)
        let ceilUs = Int64((s.numerator * 1_000_000 + s.scale - 1) / s.scale)
        try #require(ceilUs > 2)
        for (us, frame) in [(ceilUs - 1, 1), (ceilUs - 2, 0)] {
            var warnings: [String] = []
            let chosen = try MotionPhotoStillTime.choose(presentationTimestampUs: us, timing: timing, movie: mp4.movie, tracks: tracks, warnings: &warnings)
            #expect(chosen == frame, "\(us) µs (frame 1 starts at \(s.seconds) s)")
            #expect(warnings.isEmpty, "\(warnings)")
        }
    }
}
