import Testing
@testable import LivePhotoKit

/// EXIF's "HH" and ISO 8601's hour run 00 to 23. A date with hour 24 is malformed (a damaged
/// or hand-edited tag): it is no capture time, rather than silently read as 00 of the next
/// day, which would move the still across midnight for `scan`/`pair --by-time` and for the
/// date `make` writes.
@Suite("capture times: the hour runs 00 to 23")
struct CaptureTimeHourBoundTests {
    @Test("23:59:59 is the last second of the day")
    func lastSecondOfTheDay() throws {
        // 2024-06-01 00:00:00 is 1_717_200_000 s after 1970-01-01 on the same clock.
        #expect(CaptureTime.exif(dateTime: "2024:06:01 23:59:59", offset: nil)?.wallClock == 1_717_286_399)
        #expect(CaptureTime.iso8601("2024-06-01T23:59:59Z")?.absolute == 1_717_286_399)
    }

    @Test("an hour of 24 or more is no time, in EXIF and in ISO 8601", arguments: ["24:00:00", "24:30:15", "25:00:00"])
    func hour24IsRefused(_ clock: String) {
        #expect(CaptureTime.exif(dateTime: "2024:06:01 " + clock, offset: nil) == nil, "\(clock)")
        #expect(CaptureTime.exif(dateTime: "2024:06:01 " + clock, offset: "+02:00") == nil, "\(clock)")
        #expect(CaptureTime.iso8601("2024-06-01T" + clock) == nil, "\(clock)")
        #expect(CaptureTime.iso8601("2024-06-01T" + clock + "+0200") == nil, "\(clock)")
    }
}
