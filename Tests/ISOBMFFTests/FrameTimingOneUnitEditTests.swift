import Testing
import BinaryIO
@testable import ISOBMFF

/// An edit of the shortest nonzero length, one unit (1/(movie timescale × media timescale)
/// of a second), still presents the frame it starts on, for that unit.
@Suite("frame timing: an edit one unit long presents one frame")
struct FrameTimingOneUnitEditTests {
    typealias Entry = EditList.Entry

    @Test("timescales 1 and 1, frames of 1 tick, an edit of duration 1 from media time 0: frame 0 for [0, 1)")
    func oneUnitEdit() throws {
        let track = try FrameTimingTests.track(timescale: 1, deltas: [1, 1, 1], edits: [Entry(duration: 1, mediaTime: 0, rate: 0x10000)])
        let timing = FrameTiming(track: track, movieTimescale: 1)
        #expect(timing.frameCount == 1)
        #expect(timing.endTick == 1)
        try #require(timing.frameCount == 1)
        #expect(timing.startTick(ofFrame: 0) == 0)
        #expect(timing.frame(containingMovieTick: 0) == 0)
    }

    @Test("the same one-tick edit from media time 2: the last frame")
    func oneUnitEditOfTheLastFrame() throws {
        let track = try FrameTimingTests.track(timescale: 1, deltas: [1, 1, 1], edits: [Entry(duration: 1, mediaTime: 2, rate: 0x10000)])
        let timing = FrameTiming(track: track, movieTimescale: 1)
        #expect(timing.frameCount == 1 && timing.endTick == 1)
    }
}
