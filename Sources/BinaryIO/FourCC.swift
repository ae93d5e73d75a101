import Foundation

/// A four-character code, as used for box types and handler types.
public struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32

    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// `"moov"` and the like. Characters outside Latin-1 are a programming error.
    public init(stringLiteral value: String) {
        var v: UInt32 = 0
        // Fast path, no allocation: four ASCII characters (every literal but `©nam` and the like).
        let utf8 = value.utf8
        if utf8.count == 4 {
            for b in utf8 { v = (v << 8) | UInt32(b) }
            rawValue = v
            return
        }
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
        let raw = bytes
        // Box paths are built for every box parsed: keep the common (printable) case cheap.
        if raw.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: raw, as: UTF8.self) }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in raw {
            if b >= 0x20 && b < 0x7F { out.append(b) } else { out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(b >> 4)], hex[Int(b & 0xF)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

