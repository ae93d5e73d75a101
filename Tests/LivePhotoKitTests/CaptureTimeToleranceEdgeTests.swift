import Testing
@testable import LivePhotoKit

/// The capture-time rules at their exact edges: a difference of exactly the tolerance from a
/// whole zone step, up to exactly 14 h + the tolerance, is a zone mistake (not counted); a
/// still exactly 14 h + 2 s into a movie can still be at its middle; 2,001 ms from the middle
/// is one millisecond too far.
@Suite("capture time: the tolerances at their exact edges")
struct CaptureTimeToleranceEdgeTests {
    /// 2024-06-01 12:00:00 at +02:00, i.e. 10:00:00 UTC.
    static let zoned = CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+02:00")

    @Test("against mvhd: 2 h 10 s apart (exactly 10 s off a zone step) is a zone mistake, 2 h 11 s is a mismatch")
    func tenSecondsOffAZoneStep() {
        #expect(CaptureTimeMatch.mismatch(still: Self.zoned, movieCreationDate: nil, movieHeader: CaptureTime.iso8601("2024-06-01T12:00:10Z")) == nil)
        #expect(CaptureTimeMatch.mismatch(still: Self.zoned, movieCreationDate: nil, movieHeader: CaptureTime.iso8601("2024-06-01T12:00:11Z")) == 7211)
    }

    @Test("against mvhd: 14 h 10 s apart (the largest offset plus the tolerance) is still a zone mistake, 14 h 11 s is not")
    func largestOffsetPlusTolerance() {
        #expect(CaptureTimeMatch.mismatch(still: Self.zoned, movieCreationDate: nil, movieHeader: CaptureTime.iso8601("2024-06-02T00:00:10Z")) == nil)
        #expect(CaptureTimeMatch.mismatch(still: Self.zoned, movieCreationDate: nil, movieHeader: CaptureTime.iso8601("2024-06-02T00:00:11Z")) == 50_411)
    }

    @Test("same moment: a still 14 h 2 s into a 28 h 4 s movie is at its middle")
    func middleAtTheLargestOffset() {
        // The movie starts 50,402 s before the still (the largest zone offset plus the 2 s tolerance).
        let header = CaptureTime.iso8601("2024-05-31T19:59:58Z")
        #expect(CaptureTimeMatch.sameMoment(still: Self.zoned, movieCreationDate: nil, movieHeader: header, movieMilliseconds: 100_804_000))
        #expect(!CaptureTimeMatch.sameMoment(still: Self.zoned, movieCreationDate: nil, movieHeader: CaptureTime.iso8601("2024-05-31T19:59:57Z"),
                                             movieMilliseconds: 100_806_000), "one second past the bound")
    }

    @Test("same moment: 2,000 ms from the movie's middle is in, 2,001 ms is out")
    func millisecondsFromTheMiddle() {
        // The still 5 s after the movie's start.
        let header = CaptureTime.iso8601("2024-06-01T09:59:55Z")
        #expect(CaptureTimeMatch.sameMoment(still: Self.zoned, movieCreationDate: nil, movieHeader: header, movieMilliseconds: 6_000))
        #expect(!CaptureTimeMatch.sameMoment(still: Self.zoned, movieCreationDate: nil, movieHeader: header, movieMilliseconds: 5_998))
    }
}
