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

/// Offsets reach ±18:00 (ISO 8601's and EXIF's widest) and minutes 00–59; one past either
/// bound is malformed, read in every form a writer uses.
@Suite("capture times: zone offsets at their bounds")
struct CaptureTimeZoneBoundTests {
    @Test("every hour 0–19 and minute 0–60, in every form: read exactly when within ±18 hours and under 60 minutes")
    func offsetsAtTheirBounds() {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        for h in 0...19 {
            for m in 0...60 {
                let valid = h <= 18 && m < 60
                let seconds = Int64(h * 3600 + m * 60)
                for (sign, factor) in [("+", Int64(1)), ("-", Int64(-1))] {
                    for zone in ["\(sign)\(two(h)):\(two(m))", "\(sign)\(two(h))\(two(m))"] {
                        let read = CaptureTime.iso8601("2024-06-01T12:00:00" + zone)?.utcOffset
                        #expect(read == (valid ? factor * seconds : nil), "\(zone)")
                        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: zone)?.utcOffset == (valid ? factor * seconds : nil), "EXIF \(zone)")
                    }
                }
            }
            // Hours alone ("+HH").
            #expect(CaptureTime.iso8601("2024-06-01T12:00:00+\(two(h))")?.utcOffset == (h <= 18 ? Int64(h * 3600) : nil), "+\(two(h))")
        }
    }
}
