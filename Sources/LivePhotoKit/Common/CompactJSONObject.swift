/// One compact JSON object built field by field, written exactly as `JSONEncoder` writes it
/// with `[.sortedKeys, .withoutEscapingSlashes]` (the caller adds fields in sorted key order;
/// nil fields are left out). `scan --json` prints a line per finding, and `JSONEncoder`'s
/// generic machinery was a visible part of scanning a large library; a test holds the two to
/// the same bytes for every kind of string.
public struct CompactJSONObject {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]

    public init() { bytes.reserveCapacity(320) }

    public mutating func field(_ key: String, _ value: String?) {
        guard let value else { return }
        appendKey(key)
        Self.appendString(value, to: &bytes)
    }

    public mutating func field(_ key: String, _ value: Int?) {
        guard let value else { return }
        appendKey(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func field(_ key: String, _ value: [String]?) {
        guard let value else { return }
        appendKey(key)
        bytes.append(UInt8(ascii: "["))
        for (i, element) in value.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendString(element, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A value that is JSON text already (a number, an object a command wrote), copied as it is.
    public mutating func field(_ key: String, json value: String) {
        appendKey(key)
        bytes.append(contentsOf: value.utf8)
    }

    /// A JSON string literal, escaped as `field(_:_:)` escapes one.
    public static func string(_ s: String) -> String {
        var out: [UInt8] = []
        appendString(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The object's text, closed.
    public var text: String { String(decoding: bytes + [UInt8(ascii: "}")], as: UTF8.self) }

    private mutating func appendKey(_ key: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        Self.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\b \t \n \f \r` or
    /// `\u00xx`; everything else (slashes, DEL, any other scalar) as its UTF-8 bytes.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            // Runs of bytes that need no escape (nearly all of a path) are copied at once.
            var runStart = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                appendEscape(byte, to: &out)
                runStart = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        let short: UInt8?
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): short = byte
        case 0x08: short = UInt8(ascii: "b")
        case 0x09: short = UInt8(ascii: "t")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0D: short = UInt8(ascii: "r")
        default: short = nil
        }
        if let short { out.append(contentsOf: [UInt8(ascii: "\\"), short]); return }
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
}
