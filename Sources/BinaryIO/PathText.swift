#if canImport(Glibc)
import Glibc
#endif

/// File names are bytes; Swift strings are Unicode. So that every name can travel through the
/// code as a `String` and reach the kernel as the exact bytes it had, paths are held in a
/// lossless encoding: valid UTF-8 stands for itself, and every byte that is not part of valid
/// UTF-8 becomes one scalar of a reserved private-use block (U+10FF00 + byte). A name that
/// really holds one of those 256 scalars (practically never) has each of its bytes encoded
/// the same way, so decoding is never ambiguous. `bytes(of:)` gives the exact name back.
public enum PathText {
    /// The reserved block: the last 256 scalars of plane 16 (Supplementary Private Use Area-B).
    public static let reservedBlock: ClosedRange<UInt32> = 0x10FF00...0x10FFFF

    /// The bytes as text when they are valid UTF-8, else nil.
    public static func decoded(_ bytes: [UInt8]) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// A path's bytes (argv, `readdir`, `realpath`) as the path text used everywhere.
    public static func string<C: Collection>(fromPathBytes bytes: C) -> String where C.Element == UInt8 {
        let array = Array(bytes)
        // Nearly every name: valid UTF-8 with no scalar from plane 16 (whose lead byte is F4).
        if !array.contains(0xF4), let text = decoded(array) { return text }
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < array.count {
            let length = validSequenceLength(array, at: i)
            if length > 0, let scalar = scalarOf(array[i..<i + length]), !reservedBlock.contains(scalar.value) {
                scalars.append(scalar)
            } else {
                for byte in array[i..<i + max(length, 1)] { scalars.append(reservedScalar(byte)) }
            }
            i += max(length, 1)
        }
        return String(scalars)
    }

    /// The exact bytes of the name `path` stands for (no terminating NUL).
    public static func bytes(of path: String) -> [UInt8] {
        guard holdsEncodedBytes(path) else { return Array(path.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if reservedBlock.contains(scalar.value) {
                out.append(UInt8(scalar.value - reservedBlock.lowerBound))
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        return out
    }

    /// Calls `body` with the path as the NUL-terminated bytes a system call takes: every
    /// system call that takes a path goes through here (see `FileSystemCalls`).
    public static func withFileSystemPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard holdsEncodedBytes(path) else { return try path.withCString(body) }
        let terminated = bytes(of: path) + [0]
        return try terminated.withUnsafeBufferPointer { buffer in
            // `buffer` ends with a NUL, so it is never empty.
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Text for people and JSON: a name holding encoded bytes shows each as `\xNN`, and then
    /// every backslash as `\\` (so an escape cannot be read as part of the name); any other
    /// text is returned as it is. The result is always valid UTF-8.
    public static func printable(_ text: String) -> String {
        guard holdsEncodedBytes(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if reservedBlock.contains(scalar.value) {
                out += "\\x" + hex(UInt8(scalar.value - reservedBlock.lowerBound))
            } else if scalar == "\\" {
                out += "\\\\"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A JSON document with every string value that holds encoded bytes made `printable`
    /// (in JSON terms: each encoded byte becomes `\\xNN` and each escaped backslash `\\\\`),
    /// so the document stays valid JSON and valid UTF-8. Other values are left as they are.
    public static func printable(json: String) -> String {
        guard holdsEncodedBytes(json) else { return json }
        var out = String.UnicodeScalarView()
        var literal: [Unicode.Scalar] = []   // the current string literal as written, quotes excluded
        var inString = false, escaping = false
        func flush() {
            guard literal.contains(where: { reservedBlock.contains($0.value) }) else { out.append(contentsOf: literal); return }
            var i = 0
            while i < literal.count {
                let s = literal[i]
                if s == "\\", i + 1 < literal.count {
                    // `\\` is a backslash in the value: doubled, as `printable` does.
                    out.append(contentsOf: literal[i + 1] == "\\" ? ["\\", "\\", "\\", "\\"] : [s, literal[i + 1]])
                    i += 2
                    continue
                }
                if reservedBlock.contains(s.value) {
                    out.append(contentsOf: ("\\\\x" + hex(UInt8(s.value - reservedBlock.lowerBound))).unicodeScalars)
                } else {
                    out.append(s)
                }
                i += 1
            }
        }
        for s in json.unicodeScalars {
            guard inString else {
                out.append(s)
                if s == "\"" { inString = true; literal = [] }
                continue
            }
            if escaping { literal.append(s); escaping = false; continue }
            if s == "\\" { literal.append(s); escaping = true; continue }
            if s == "\"" { flush(); out.append(s); inString = false; continue }
            literal.append(s)
        }
        if inString { flush() }
        return String(out)
    }

    /// The bytes as printable text (`printable` of their path text).
    public static func escaped(_ bytes: [UInt8]) -> String { printable(string(fromPathBytes: bytes)) }

    /// Whether `text` may hold encoded bytes: a cheap byte test (plane-16 lead byte) first.
    public static func holdsEncodedBytes(_ text: String) -> Bool {
        // Every path and every printed line passes here: `memchr` over a native string's bytes.
        // `&&` reaches the base address only for a non-empty buffer.
        let mayHold = text.utf8.withContiguousStorageIfAvailable { $0.count > 0 && memchr($0.baseAddress!, 0xF4, $0.count) != nil } ?? text.utf8.contains(0xF4)
        guard mayHold else { return false }
        return text.unicodeScalars.contains { reservedBlock.contains($0.value) }
    }

    private static func reservedScalar(_ byte: UInt8) -> Unicode.Scalar {
        // U+10FF00 + a byte stays inside plane 16: always a valid scalar.
        Unicode.Scalar(reservedBlock.lowerBound + UInt32(byte))!
    }

    private static func scalarOf(_ bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        String(validating: bytes, as: UTF8.self)?.unicodeScalars.first
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
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
