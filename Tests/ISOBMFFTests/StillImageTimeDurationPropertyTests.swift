import Testing
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// The still-image-time sample's duration (`StillImageTimeTrackEdit.clampedDuration`): a still
/// inside the movie gets a track that ends by the movie's end, however near the end it lies.
@Suite("the still-image-time sample's duration, for any still tick and movie length")
struct StillImageTimeDurationPropertyTests {
    @Test("a still inside the movie: 1 tick at least, ending by the movie's end; the given duration when it fits")
    func endsWithinTheMovie() async {
        await propertyCheck(input: Gen.nearEnds(in: 1...Int(UInt32.max)), Gen.nearEnds(in: 0...1_000_000), Gen.nearEnds(in: 0...100_000)) { ticks, back, wanted in
            let movieTicks = UInt64(ticks)
            let start = movieTicks - 1 - UInt64(back) % movieTicks   // 0 ..< movieTicks, often the last tick
            let duration = StillImageTimeTrackEdit.clampedDuration(UInt64(wanted), at: start, movieTicks: movieTicks)
            #expect(duration >= 1 && start + duration <= movieTicks, "start \(start), duration \(duration), movie \(movieTicks)")
            if wanted > 0 && start + UInt64(wanted) <= movieTicks { #expect(duration == UInt64(wanted)) }
        }
    }

    @Test("the last tick of the movie: a 1-tick sample; past the end (a movie without duration): the duration as given, never 0")
    func atAndPastTheEnd() {
        #expect(StillImageTimeTrackEdit.clampedDuration(20, at: 599, movieTicks: 600) == 1)
        #expect(StillImageTimeTrackEdit.clampedDuration(20, at: 600, movieTicks: 600) == 20)
        #expect(StillImageTimeTrackEdit.clampedDuration(0, at: 5, movieTicks: 0) == 1)
    }
}
