import Testing
@testable import LivePhotoKit

/// An `mvhd` creation time is seconds since 1904-01-01 00:00 UTC: 0 is what a writer leaves
/// when it does not know (no time), and every count from 1 on is that instant, in UTC.
@Suite("capture time from mvhd: from the first second after 1904-01-01 on")
struct CaptureTimeMovieHeaderEpochTests {
    @Test("second 1 is 1904-01-01 00:00:01 UTC, second 2 the next; 0 is no time")
    func firstSecondsAfterTheEpoch() throws {
        let first = try #require(CaptureTime.movieHeader(1))
        #expect(first.wallClock == 1 - CaptureTime.quickTimeEpochOffset && first.utcOffset == 0)
        #expect(first.exifDateTime == "1904:01:01 00:00:01" && first.exifOffset == "+00:00")
        #expect(CaptureTime.movieHeader(2)?.absolute == 2 - CaptureTime.quickTimeEpochOffset)
        #expect(CaptureTime.movieHeader(0) == nil)
    }
}
