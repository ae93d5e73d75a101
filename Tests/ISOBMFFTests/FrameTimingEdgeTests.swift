import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Frame timing at its edges: a dwell (rate 0) whose media time is exactly a frame's start
/// holds that frame, not the one ending there; a middle that falls in a gap between shown
/// frames has no middle frame, however long the frame before the gap; exact times keep a
/// scale of 1 (whole seconds); and a ceiling of a positive fraction below 1 is 1.
@Suite("frame timing: a dwell at a frame's start, a middle in a gap, whole seconds, the ceiling of 1/b")
struct FrameTimingEdgeTests {
    typealias Entry = EditList.Entry

    @Test("a dwell at media time 4 (frame 4's start) holds sample 4 for the whole edit", arguments: [1, 2, 4])
    func dwellAtAFrameStart(_ at: Int) throws {
        let track = try FrameTimingTests.track(timescale: 10, deltas: [1, 1, 1, 1, 1], edits: [Entry(duration: 100, mediaTime: Int64(at), rate: 0)])
        let timing = FrameTiming(track: track, movieTimescale: 100)
        #expect(timing.frameCount == 1)
        try #require(timing.frameCount == 1)
        #expect(timing.shownSample(ofFrame: 0).sampleIndex == at, "dwell at media time \(at)")
        #expect(timing.endTick == 100)
    }

    @Test("frames shown at [0, 60) and [100, 140) ticks: the middle, 70, is in the gap: no middle frame")
    func middleInAGapAfterALongFrame() throws {
        let track = try FrameTimingTests.track(timescale: 600, deltas: [60, 60],
                                               edits: [Entry(duration: 60, mediaTime: 0, rate: 0x10000), Entry(duration: 40, mediaTime: -1, rate: 0x10000),
                                                       Entry(duration: 40, mediaTime: 60, rate: 0x10000)])
        let timing = FrameTiming(track: track, movieTimescale: 600)
        #expect(timing.frameCount == 2)
        #expect((0..<2).map { timing.startTick(ofFrame: $0) } == [0, 100] && timing.endTick == 140)
        #expect(timing.frame(containingMovieTick: 70) == nil)
        #expect(timing.middleFrame == nil)
    }

    @Test("an exact time in whole seconds keeps scale 1; a movie and media timescale of 1 give starts in whole seconds")
    func wholeSecondExactTimes() throws {
        let three = FrameTiming.ExactTime(3, per: 1)
        #expect(three.scale == 1 && three.seconds == 3 && three.ceiling(timescale: 1000) == 3000)
        #expect(FrameTiming.ExactTime(3, per: 0).scale == 1)
        let track = try FrameTimingTests.track(timescale: 1, deltas: [1, 1, 1])
        let timing = FrameTiming(track: track, movieTimescale: 1)
        #expect(timing.start(ofFrame: 2) == FrameTiming.ExactTime(2, per: 1))
        #expect(timing.start(ofFrame: 2).seconds == 2)
    }

    @Test("ceilDiv(1, b) is 1 for every b > 1; floorDiv(1, b) is 0", arguments: [2, 3, 600, 90_000])
    func ceilingOfOneOver(_ b: Int) {
        #expect(FrameTiming.ceilDiv(1, Int128(b)) == 1)
        #expect(FrameTiming.floorDiv(1, Int128(b)) == 0)
        #expect(FrameTiming.ceilDiv(-1, Int128(b)) == 0)
    }
}
