import Testing
@testable import LivePhotoKit

/// Each field of a date and time at its first and last value reads; one past either end is no
/// time (a damaged or hand-edited tag), in EXIF and in ISO 8601 alike. Second 60 is a leap
/// second, which both formats allow; 61 is not.
@Suite("capture times: every field read up to its bounds, refused past them")
struct CaptureTimeFieldBoundsTests {
    /// (year, month, day, hour, minute, second) as text.
    static let readable: [(String, String, String, String, String, String)] = [
        ("0001", "01", "01", "00", "00", "00"), ("9999", "12", "31", "23", "59", "59"), ("2016", "12", "31", "23", "59", "60"),
    ]
    static let refused: [(String, String, String, String, String, String)] = [
        ("0000", "06", "01", "12", "00", "00"), ("2024", "00", "01", "12", "00", "00"), ("2024", "13", "01", "12", "00", "00"),
        ("2024", "06", "00", "12", "00", "00"), ("2024", "06", "32", "12", "00", "00"), ("2024", "06", "01", "12", "60", "00"),
        ("2024", "06", "01", "12", "00", "61"),
    ]

    static func exif(_ f: (String, String, String, String, String, String)) -> CaptureTime? {
        CaptureTime.exif(dateTime: "\(f.0):\(f.1):\(f.2) \(f.3):\(f.4):\(f.5)", offset: nil)
    }

    static func iso(_ f: (String, String, String, String, String, String)) -> CaptureTime? {
        CaptureTime.iso8601("\(f.0)-\(f.1)-\(f.2)T\(f.3):\(f.4):\(f.5)Z")
    }

    @Test("first and last values of every field, and a leap second, are read")
    func readableBounds() {
        for f in Self.readable {
            let expected = CaptureTime.daysSince1970(year: Int(f.0)!, month: Int(f.1)!, day: Int(f.2)!) * 86_400
                + Int64(Int(f.3)! * 3600 + Int(f.4)! * 60 + Int(f.5)!)
            #expect(Self.exif(f)?.wallClock == expected, "\(f)")
            #expect(Self.iso(f)?.absolute == expected, "\(f)")
        }
    }

    @Test("a year 0, month 0 or 13, day 0 or 32, minute 60 or second 61 is no time")
    func pastTheBounds() {
        for f in Self.refused {
            #expect(Self.exif(f) == nil, "\(f)")
            #expect(Self.iso(f) == nil, "\(f)")
        }
    }
}
