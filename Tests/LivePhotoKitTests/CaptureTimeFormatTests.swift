import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

@Suite("capture times: one reader, EXIF text written back exactly")
struct CaptureTimeFormatTests {
    /// 0001-01-01 to 9999-12-31 as wall-clock seconds since 1970.
    static let wallClocks = Gen.nearEnds(in: -62_135_596_800...253_402_300_799)
    /// Quarter hours from UTC-12 to UTC+14.
    static let offsets = Gen.nearEnds(in: -48...56)

    @Test("every wall clock and offset reads back from its EXIF text to the same capture time")
    func exifRoundTrip() async {
        await propertyCheck(count: 500, input: Self.wallClocks, Self.offsets) { wall, quarters in await Support.failingOnThrow {
            let time = CaptureTime(wallClock: Int64(wall), utcOffset: Int64(quarters) * 900)
            #expect(CaptureTime.exif(dateTime: time.exifDateTime, offset: time.exifOffset) == time)
        } }
    }

    @Test("the EXIF text agrees with Foundation's calendar", arguments: [0, 1_717_243_200, -1, 951_782_400, 4_107_542_399, -2_208_988_800])
    func agreesWithFoundation(seconds: Int) {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyy:MM:dd HH:mm:ss"
        let time = CaptureTime(wallClock: Int64(seconds), utcOffset: -19_800)
        #expect(time.exifDateTime == f.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
        #expect(time.exifOffset == "-05:30")
    }

    /// The day count and the date are the proleptic Gregorian calendar both ways, before year 1
    /// too (the era arithmetic rounds toward minus infinity there): the first of every month
    /// from year −2000 to 2400 lies its previous month's length after the first of that month,
    /// reads back as itself, and the day before it is that month's last.
    @Test("day counts and dates: every month from year -2000 to 2400 starts its previous month's length later, and each date reads back")
    func civilDatesRoundTrip() {
        func length(_ year: Int, _ month: Int) -> Int64 {
            Int64([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]) + (month == 2 && year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 1 : 0)
        }
        var previous = (year: -2001, month: 12, first: CaptureTime.daysSince1970(year: -2001, month: 12, day: 1))
        var failures = 0
        for year in -2000...2400 {
            for month in 1...12 {
                let first = CaptureTime.daysSince1970(year: year, month: month, day: 1)
                let ok = first - previous.first == length(previous.year, previous.month)
                    && CaptureTime.civilDate(daysSince1970: first) == (year, month, 1)
                    && CaptureTime.civilDate(daysSince1970: first - 1) == (previous.year, previous.month, Int(length(previous.year, previous.month)))
                if !ok && failures < 5 { failures += 1; Issue.record("\(year)-\(month)-01 is day \(first), \(previous.month)/\(previous.year) began on \(previous.first)") }
                previous = (year, month, first)
            }
        }
        #expect(CaptureTime.daysSince1970(year: 1970, month: 1, day: 1) == 0)
        #expect(CaptureTime.daysSince1970(year: 0, month: 3, day: 1) == -719_468, "the era's first day")
        #expect(CaptureTime.civilDate(daysSince1970: -719_469) == (0, 2, 29), "year 0 is a leap year")
    }

    @Test("make's movie dates: creationdate with its zone, else mvhd as UTC; one parser for both commands")
    func movieDates() {
        #expect(CaptureTime.iso8601("2024-09-06T18:08:07+0200").map { [$0.exifDateTime, $0.exifOffset] } == ["2024:09:06 18:08:07", "+02:00"])
        #expect(CaptureTime.iso8601("2024-09-06T18:08:07.25-08:00")?.exifOffset == "-08:00")
        #expect(CaptureTime.movieHeader(3_808_483_687)?.exifDateTime == "2024:09:06 16:08:07")
        #expect(CaptureTime.movieHeader(0) == nil)
    }
}
