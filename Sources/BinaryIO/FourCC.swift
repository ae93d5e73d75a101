import Foundation

/// A four-character code, as used for box types and handler types.
public struct FourCC: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: UInt32

    @inlinable
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }

    /// `"moov"` and the like. Characters outside Latin-1 are a programming error.
    /// A `StaticString` literal, always inlined: the optimizer folds `"moov"` to its 32-bit
    /// constant, so the type tests on every box of every file a scan reads cost one compare.
    @inlinable @inline(__always)
    public init(stringLiteral value: StaticString) {
        if value.hasPointerRepresentation && value.utf8CodeUnitCount == 4 {
            let p = value.utf8Start
            rawValue = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
        } else {
            rawValue = FourCC.latin1Value(of: value)
        }
    }

    /// A literal with characters outside ASCII (`©nam`): each character's Latin-1 byte.
    @usableFromInline
    static func latin1Value(of value: StaticString) -> UInt32 {
        let scalars = Array(value.description.unicodeScalars)
        precondition(scalars.count == 4, "FourCC needs four characters: \(value)")
        var v: UInt32 = 0
        for s in scalars { v = (v << 8) | UInt32(s.value & 0xFF) }
        return v
    }

    @inlinable
    public static func == (a: FourCC, b: FourCC) -> Bool { a.rawValue == b.rawValue }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var bytes: [UInt8] {
        [UInt8(rawValue >> 24), UInt8((rawValue >> 16) & 0xFF), UInt8((rawValue >> 8) & 0xFF), UInt8(rawValue & 0xFF)]
    }

    /// Printable form; bytes outside printable ASCII are shown as `\xNN` so hostile input stays one line.
    public var description: String {
        // The common (printable) case makes no array: the four bytes are read in place and
        // become a small string held inline.
        let printable = withUnsafeBytes(of: rawValue.bigEndian) { raw in
            raw.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? String(decoding: raw, as: UTF8.self) : nil
        }
        if let printable { return printable }
        let raw = bytes
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for b in raw {
            if b >= 0x20 && b < 0x7F { out.append(b) } else { out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(b >> 4)], hex[Int(b & 0xF)]] }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

