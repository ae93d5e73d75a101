import ISOBMFF
import Testing
@testable import VideoFrames

/// A movie timescale of 1 (whole seconds) is a real timescale, not a missing one: FrameSlots
/// counts the span's ticks in it, so a span of two ticks at one frame a second is two frames.
@Suite("FrameSlots: a movie timescale of 1 counts whole seconds")
struct FrameSlotsWholeSecondTimescaleTests {
    @Test("movie-mp4.mp4 timed in whole seconds: 0..<2 at 1 fps gives the frames at 0 s and 1 s")
    func twoWholeSeconds() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let track = try EncodedStreams.videoTrack(file)
        let timing = FrameTiming(track: track, movieTimescale: 1)
        try #require(timing.endTick >= 2, "endTick \(timing.endTick)")
        let slots = try FrameSlots.plan(timing: timing, span: .init(start: 0, end: 2), movieTimescale: 1, frameRate: 1)
        // The edit list starts the presentation at media time 2048 (media timescale 15360).
        #expect(slots.map(\.compositionTime) == [2048, 2048 + 15360], "\(slots)")
        #expect(slots.map(\.sampleIndex) == [0, 16], "\(slots)")
    }
}
