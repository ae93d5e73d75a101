import Testing
@testable import LivePhotoKit

/// A capture time as `mvhd` seconds since 1904-01-01 UTC: any instant after that midnight has
/// its count, the first second after it included; the midnight itself (0, which means unset)
/// and anything before, or a time without a known offset, has none.
@Suite("capture time in QuickTime seconds: from one second after 1904-01-01 on")
struct CaptureTimeQuickTimeEpochTests {
    @Test("1904-01-01 00:00:01 UTC is second 1, in any zone; 00:00:00 and before, or no offset, give nil")
    func firstSecondAfterTheEpoch() {
        let epoch = -CaptureTime.quickTimeEpochOffset   // 1904-01-01 00:00 UTC in seconds since 1970
        #expect(CaptureTime(wallClock: epoch + 1, utcOffset: 0).secondsSince1904 == 1)
        #expect(CaptureTime(wallClock: epoch + 1 + 3600, utcOffset: 3600).secondsSince1904 == 1)
        #expect(CaptureTime(wallClock: epoch + 2, utcOffset: 0).secondsSince1904 == 2)
        #expect(CaptureTime(wallClock: epoch, utcOffset: 0).secondsSince1904 == nil)
        #expect(CaptureTime(wallClock: epoch - 1, utcOffset: 0).secondsSince1904 == nil)
        #expect(CaptureTime(wallClock: epoch + 1, utcOffset: nil).secondsSince1904 == nil)
    }
}
