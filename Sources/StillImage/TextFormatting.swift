/// Small text helpers shared by the JPEG and EXIF code.

/// A tag number as four upper-case hex digits ("0011", "927C") for messages and error paths.
func hex(_ v: UInt16) -> String {
    let s = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

/// "a" or "an" before `word`, by its first sound: "an Olympus", "an unknown", "an LG" (an
/// initialism read letter by letter), but "a OnePlus", "a Unicorn", "a Canon".
func indefiniteArticle(before word: String) -> String {
    let lower = word.lowercased()
    guard let first = lower.first else { return "a" }
    // Vowel letters that sound like a consonant ("one", "uni", "eu").
    if lower.hasPrefix("one") || lower.hasPrefix("uni") || lower.hasPrefix("use") || lower.hasPrefix("eu") { return "a" }
    if "aeiou".contains(first) { return "an" }
    // An all-capitals initialism is spelt out: F, H, L, M, N, R, S, X start with a vowel sound.
    let isInitialism = word.count <= 4 && word.allSatisfy { $0.isUppercase || $0.isNumber }
    if isInitialism && "fhlmnrsx".contains(first) { return "an" }
    return "a"
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
