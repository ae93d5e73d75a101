/// File names are bytes; Swift strings are Unicode. A name that is not valid UTF-8 cannot be
/// held in a `String` without loss (decoding replaces the bad bytes with U+FFFD, and that
/// name does not exist), so such names are kept as bytes and printed escaped.
public enum PathText {
    /// The bytes as text when they are valid UTF-8, else nil.
    public static func decoded(_ bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The bytes as printable text: valid UTF-8 as it is; otherwise every byte of an invalid
    /// sequence as `\xNN`, and a backslash as `\\` (so an escape cannot be read as part of
    /// the name).
    public static func escaped(_ bytes: [UInt8]) -> String {
        if let text = decoded(bytes) { return text }
        var out = ""
        var i = 0
        while i < bytes.count {
            let length = validSequenceLength(bytes, at: i)
            if length == 0 {
                out += "\\x" + String(bytes[i], radix: 16, uppercase: false).leftPadded(to: 2)
                i += 1
            } else {
                let text = String(decoding: bytes[i..<i + length], as: UTF8.self)
                out += text == "\\" ? "\\\\" : text
                i += length
            }
        }
        return out
    }

    /// The length of the valid UTF-8 sequence starting at `i`, or 0 when it is not one.
    static func validSequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let lead = bytes[i]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard i + length <= bytes.count else { return 0 }
        return String(validating: bytes[i..<i + length], as: UTF8.self) == nil ? 0 : length
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
