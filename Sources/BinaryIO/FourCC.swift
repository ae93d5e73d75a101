import Foundation

/// A four-character code, as used for box types and handler types.
public struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// `"moov"` and the like. Characters outside Latin-1 are a programming error.
    public init(stringLiteral value: String) {
        var v: UInt32 = 0
        let scalars = Array(value.unicodeScalars)
        precondition(scalars.count == 4, "FourCC needs four characters: \(value)")
        for s in scalars { v = (v << 8) | UInt32(s.value & 0xFF) }
        rawValue = v
    }

    public var bytes: [UInt8] {
        [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
    }

    /// Printable form; bytes outside printable ASCII are shown as `\xNN` so hostile input stays one line.
    public var description: String {
        var out = ""
        for b in bytes {
            if b >= 0x20 && b < 0x7F { out.append(Character(Unicode.Scalar(b))) } else { out += String(format: "\\x%02X", b) }
        }
        return out
    }
}

