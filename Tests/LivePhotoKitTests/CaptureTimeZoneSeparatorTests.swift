import Testing
@testable import LivePhotoKit

/// A zone is "Z", "+HH", "+HHMM" or "+HH:MM" (one colon at most). A zone with two separators
/// is malformed: the creationdate is not read as zoned (ISO 8601 gives nil; an EXIF offset is
/// not taken, leaving the time local), rather than guessed.
@Suite("capture times: a zone with more than one colon is refused")
struct CaptureTimeZoneSeparatorTests {
    @Test("one colon reads; two colons do not", arguments: ["+02::00", "+0:2:00", "+02:00:"])
    func twoColonsAreRefused(_ zone: String) {
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00+02:00")?.utcOffset == 7200)
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00" + zone) == nil, "\(zone)")
        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: zone)?.utcOffset == nil, "\(zone)")
    }
}
