import Testing
import BinaryIO
@testable import ISOBMFF

/// A track's presented span and middle are counted in the timescales the file gives, whatever
/// they are (a movie timescale of 1 is whole seconds, not a missing one), and a track whose
/// header gives no duration is as long as its media.
@Suite("track presentation: the movie's own timescale, and the media's duration when tkhd has none")
struct TrackPresentedTimeTests {
    typealias Entry = EditList.Entry

    @Test("movie timescale 1: an edit of 3 movie ticks from media time 0 has its middle at 1.5 s")
    func wholeSecondMovieTimescale() throws {
        // 3 s of media (timescale 10); the edit list counts in the movie's timescale, here seconds.
        let track = try FrameTimingTests.track(timescale: 10, deltas: [10, 10, 10], edits: [Entry(duration: 3, mediaTime: 0, rate: 0x10000)])
        #expect(track.presentedMiddle(movieTimescale: 1).seconds == 1.5)
        // Two seconds empty, then the same 3 s: the middle of 2..<5 s.
        let delayed = try FrameTimingTests.track(timescale: 10, deltas: [10, 10, 10],
                                                 edits: [Entry(duration: 2, mediaTime: -1, rate: 0x10000), Entry(duration: 3, mediaTime: 0, rate: 0x10000)])
        #expect(delayed.presentedMiddle(movieTimescale: 1).seconds == 3.5)
    }

    @Test("tkhd duration 0, no edits: the span is the media's 1.5 s")
    func spanFromTheMedia() throws {
        let track = try FrameTimingTests.track(timescale: 10, deltas: [5, 5, 5])
        #expect(track.header.duration == 0)
        let span = track.presentedSpan(movieTimescale: 600)
        #expect(span.start == 0 && span.end == 1.5, "\(span)")
    }
}
