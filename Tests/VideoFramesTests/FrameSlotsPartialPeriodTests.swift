import ISOBMFF
import Testing
@testable import VideoFrames

/// How many output frames a span holds: every frame whose time (start + k / rate) lies inside
/// [start, end), so a span one movie tick longer than a whole number of frame periods holds one
/// frame more, the one starting at the period's end; a span of exactly the periods does not.
@Suite("FrameSlots: a span one tick past a whole period holds the frame that starts there")
struct FrameSlotsPartialPeriodTests {
    @Test("movie-mp4.mp4 (15 fps, 2 s) at 1 fps: 0..<ts+1 gives the frames at 0 s and 1 s; 0..<ts gives the one at 0 s")
    func oneTickPastASecond() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let track = try EncodedStreams.videoTrack(file)
        let ts = file.movie.header.timescale
        let timing = FrameTiming(track: track, movieTimescale: ts)
        try #require(ts == 1000 && timing.endTick >= 2 * Int64(ts))
        let longer = try FrameSlots.plan(timing: timing, span: .init(start: 0, end: Int64(ts) + 1), movieTimescale: ts, frameRate: 1)
        let exact = try FrameSlots.plan(timing: timing, span: .init(start: 0, end: Int64(ts)), movieTimescale: ts, frameRate: 1)
        // The edit list starts the presentation at media time 2048; one second later is 2048 + 15360.
        #expect(longer.map(\.compositionTime) == [2048, 2048 + 15360], "\(longer)")
        #expect(longer.map(\.sampleIndex) == [0, 16], "\(longer)")
        #expect(exact.map(\.compositionTime) == [2048], "\(exact)")
    }
}
