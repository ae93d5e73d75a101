import Testing
@testable import LivePhotoKit

/// `SameMomentIndex` counts moments in milliseconds; a time too far out for that (beyond
/// Int64.max / 1000 s) cannot be indexed, yet must still be found: a movie whose moments are
/// out of range is compared with every still, and a still whose instant is out of range with
/// every movie. Near the edge a still and a movie 2 s apart are the same moment
/// (`CaptureTimeCandidates.sameMoment`), and the index must find what that comparison says.
@Suite("capture-time index: times beyond the millisecond range are still compared")
struct SameMomentIndexOutOfRangeTests {
    /// The last second whose milliseconds fit in an Int64.
    static let last = Int64.max / 1000

    @Test("a movie whose mvhd time is past the range, a still 2 s before it inside the range: found")
    func movieOutOfRange() {
        let files = SameMomentIndexSearchEndTests.files(stillAt: Self.last - 1, moviesAt: [Self.last + 1])
        #expect(CaptureTimeCandidates.sameMoment(files[0], files[1]))
        #expect(SameMomentIndexSearchEndTests.found(files) == [1])
    }

    @Test("a still whose wall clock is in range but whose instant (offset -1 h) is past it, a movie 2 s before: found")
    func stillInstantOutOfRange() {
        var files = SameMomentIndexSearchEndTests.files(stillAt: Self.last - 1, moviesAt: [Self.last - 1])
        files[0].captureTime = CaptureTime(wallClock: Self.last - 3599, utcOffset: -3600)
        #expect(files[0].captureTime?.absolute == Self.last + 1)
        #expect(CaptureTimeCandidates.sameMoment(files[0], files[1]))
        #expect(SameMomentIndexSearchEndTests.found(files) == [1])
    }
}
