import Testing
import BinaryIO
@testable import ISOBMFF

/// A time in whole seconds (timescale 1) is a time like any other: 0 s is the first frame, 1 s
/// the frame starting then, the end excluded. Only a timescale of 0 or less names no time.
@Suite("frame timing: times in whole seconds (timescale 1)")
struct FrameTimingWholeSecondsTests {
    @Test("60 frames at 30 fps: 0 s is frame 0, 1 s frame 30, 2 s (the end) none")
    func wholeSeconds() throws {
        let track = try FrameTimingTests.track(timescale: 30, deltas: [UInt32](repeating: 1, count: 60))
        let timing = FrameTiming(track: track, movieTimescale: 1000)
        #expect(timing.frame(containingTime: 0, timescale: 1) == 0)
        #expect(timing.frame(containingTime: 1, timescale: 1) == 30)
        #expect(timing.frame(containingTime: 2, timescale: 1) == nil)
        #expect(timing.frame(containingTime: 1, timescale: 0) == nil)
        #expect(timing.frame(containingTime: 1, timescale: -1) == nil)
    }
}
