/// When a still or a movie was taken, as its metadata says: a wall-clock reading and, when the
/// file says so, its offset from UTC. Integer seconds; no calendar library, no time zone lookup.
public struct CaptureTime: Sendable, Equatable {
    /// The wall-clock reading as seconds since 1970-01-01 00:00 of the same clock (as if UTC).
    public var wallClock: Int64
    /// Seconds east of UTC, when known; nil for a local time of unknown zone (EXIF without
    /// OffsetTimeOriginal).
    public var utcOffset: Int64?

    public init(wallClock: Int64, utcOffset: Int64?) { self.wallClock = wallClock; self.utcOffset = utcOffset }

    /// The instant (seconds since 1970-01-01 UTC), when the offset is known.
    public var absolute: Int64? { utcOffset.map { wallClock - $0 } }

    /// Seconds between 1904-01-01 (QuickTime's epoch) and 1970-01-01.
    static let quickTimeEpochOffset: Int64 = 2_082_844_800

    /// EXIF DateTimeOriginal ("YYYY:MM:DD HH:MM:SS") with OffsetTimeOriginal ("+HH:MM") when
    /// present. Blank or zero dates ("0000:00:00 00:00:00"), which cameras write when the
    /// clock was not set, give nil.
    public static func exif(dateTime: String?, offset: String?) -> CaptureTime? {
        guard let dateTime else { return nil }
        let b = Array(dateTime.utf8)
        guard b.count >= 19, b[4] == UInt8(ascii: ":"), b[7] == UInt8(ascii: ":"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "T"),
              let wall = wallClock(b, year: 0, month: 5, day: 8, hour: 11, minute: 14, second: 17) else { return nil }
        return CaptureTime(wallClock: wall, utcOffset: offset.flatMap { zoneOffset(Array($0.utf8)[...]) })
    }

    /// ISO 8601 as in `com.apple.quicktime.creationdate`: "2024-06-01T12:00:00+0200",
    /// "...+02:00", "...Z", optionally with fractional seconds; without a zone, local time.
    public static func iso8601(_ text: String?) -> CaptureTime? {
        guard let text else { return nil }
        let b = Array(text.utf8)
        guard b.count >= 19, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
              let wall = wallClock(b, year: 0, month: 5, day: 8, hour: 11, minute: 14, second: 17) else { return nil }
        var rest = b[19...]
        if rest.first == UInt8(ascii: ".") { rest = rest.dropFirst().drop { (0x30...0x39).contains($0) } }
        if rest.isEmpty { return CaptureTime(wallClock: wall, utcOffset: nil) }
        guard let offset = zoneOffset(rest) else { return nil }
        return CaptureTime(wallClock: wall, utcOffset: offset)
    }

    /// `mvhd` creation time (seconds since 1904-01-01 UTC); 0, what writers leave when they
    /// do not know, gives nil.
    public static func movieHeader(_ secondsSince1904: UInt64) -> CaptureTime? {
        guard secondsSince1904 > 0, let s = Int64(exactly: secondsSince1904) else { return nil }
        return CaptureTime(wallClock: s - quickTimeEpochOffset, utcOffset: 0)
    }

    /// "Z", "+HH:MM", "+HHMM", "+HH", "-..." → seconds east of UTC.
    static func zoneOffset(_ b: ArraySlice<UInt8>) -> Int64? {
        let b = Array(b)
        if b == [UInt8(ascii: "Z")] { return 0 }
        guard let sign = b.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = b.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 2 || digits.count == 4, b.count - 1 - digits.count <= 1,
              let h = number(digits[0..<2]), h <= 18 else { return nil }
        let m = digits.count == 4 ? number(digits[2..<4]) : 0
        guard let m, m < 60 else { return nil }
        let seconds = Int64(h * 3600 + m * 60)
        return sign == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// Year, month, day, hour, minute, second at the given positions (2 digits each, 4 for
    /// the year) → seconds since 1970-01-01 of the same clock.
    static func wallClock(_ b: [UInt8], year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64? {
        guard let y = number(b[year..<year + 4]), let mo = number(b[month..<month + 2]), let d = number(b[day..<day + 2]),
              let h = number(b[hour..<hour + 2]), let mi = number(b[minute..<minute + 2]), let s = number(b[second..<second + 2]),
              y > 0, (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61 else { return nil }
        return daysSince1970(year: y, month: mo, day: d) * 86_400 + Int64(h * 3600 + mi * 60 + s)
    }

    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var n = 0
        for c in digits {
            guard (0x30...0x39).contains(c) else { return nil }
            n = n * 10 + Int(c - 0x30)
        }
        return digits.isEmpty ? nil : n
    }

    /// The wall-clock reading as EXIF writes it: "YYYY:MM:DD HH:MM:SS".
    public var exifDateTime: String {
        let days = wallClock >= 0 ? wallClock / 86_400 : (wallClock - 86_399) / 86_400
        let second = wallClock - days * 86_400
        let (y, m, d) = CaptureTime.civilDate(daysSince1970: days)
        return Self.padded(y, 4) + ":" + Self.padded(m, 2) + ":" + Self.padded(d, 2) + " "
            + Self.padded(Int(second / 3600), 2) + ":" + Self.padded(Int(second % 3600 / 60), 2) + ":" + Self.padded(Int(second % 60), 2)
    }

    /// The offset as EXIF OffsetTimeOriginal writes it ("+02:00", "-05:30"); nil when unknown.
    public var exifOffset: String? {
        utcOffset.map { o in (o < 0 ? "-" : "+") + Self.padded(Int(abs(o) / 3600), 2) + ":" + Self.padded(Int(abs(o) % 3600 / 60), 2) }
    }

    static func padded(_ n: Int, _ width: Int) -> String {
        let text = String(n)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (the inverse of `daysSince1970`).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the usual era-based formula).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
