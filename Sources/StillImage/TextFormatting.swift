/// Small text helpers shared by the JPEG and EXIF code.

/// A tag number as four upper-case hex digits ("0011", "927C") for messages and error paths.
func hex(_ v: UInt16) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

extension String {
    /// Without leading and trailing spaces (EXIF ASCII values are often space-padded).
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
