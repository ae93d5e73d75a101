import Testing
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// The exact-time questions convert asks (a timestamp in microseconds, a frame's start as a
/// microsecond timestamp) answered by FrameTiming agree with a brute-force rational answer.
@Suite("Frame timing: exact times (microsecond timestamps) against brute force")
struct FrameTimingExactTimeTests {
    @Test("the last frame starting by a microsecond timestamp, and a frame's start as a timestamp (rounded up), are exact")
    func microsecondTimestamps() async {
        await propertyCheck(input: Gen.nearEnds(in: 1...3000), Gen.nearEnds(in: 1...90000), Gen.nearEnds(in: 1...2000), Gen.nearEnds(in: 0...3_000_000)) { delta, mediaScale, movieScale, us in
            guard let track = try? FrameTimingPropertyTests.track(timescale: UInt32(mediaScale), deltas: Array(repeating: UInt32(delta), count: 9)) else {
                Issue.record("track did not build"); return
            }
            let timing = FrameTiming(track: track, movieTimescale: UInt32(movieScale))
            // Frame i starts at i·delta/mediaScale seconds (no edits, no reordering).
            func startsBy(_ i: Int, _ micro: Int) -> Bool { i * delta * 1_000_000 <= micro * mediaScale }
            let expected = (0..<9).last { startsBy($0, us) }
            #expect(timing.lastFrame(startingAtOrBefore: FrameTiming.ExactTime(Int128(us), per: 1_000_000)) == expected)
            for i in 0..<9 {
                // A time exactly at a frame's start shows that frame (the boundary belongs to the later frame).
                #expect(timing.lastFrame(startingAtOrBefore: timing.start(ofFrame: i)) == i)
                let ceiling = (i * delta * 1_000_000 + mediaScale - 1) / mediaScale
                #expect(timing.start(ofFrame: i).ceiling(timescale: 1_000_000) == Int64(ceiling))
                #expect(timing.frame(i, startsBefore: FrameTiming.ExactTime(Int128(us), per: 1_000_000)) == (i * delta * 1_000_000 < us * mediaScale))
            }
        }
    }
}

extension FrameTimingExactTimeTests {
    /// The frame starting nearest a time, against brute force: the earlier frame on a tie (a
    /// time halfway between two starts), and the only frame of a one-frame video.
    @Test("the frame starting nearest a time: nearest by exact distance, the earlier on a tie")
    func startingNearest() throws {
        for count in [1, 2, 5] {
            let track = try FrameTimingPropertyTests.track(timescale: 600, deltas: Array(repeating: 20, count: count))
            let timing = FrameTiming(track: track, movieTimescale: 600)
            // Times in 1/1200 s: frame i starts at 40·i; 20 past a start is halfway to the next.
            for t in 0...(40 * count + 40) {
                let nearest = (0..<count).min { abs(40 * $0 - t) < abs(40 * $1 - t) || (abs(40 * $0 - t) == abs(40 * $1 - t) && $0 < $1) }
                #expect(timing.frame(startingNearest: FrameTiming.ExactTime(Int128(t), per: 1200)) == nearest, "\(count) frames, \(t)/1200 s")
            }
        }
    }
}
