import Foundation
import BinaryIO

/// A QuickTime metadata value decoded by its well-known type (QuickTime File Format,
/// "Well-known types"), for display and comparison.
public enum MetadataValue: Equatable, Sendable, CustomStringConvertible {
    case string(String)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case float(Double)
    case data([UInt8])

    public init(typeIndicator: UInt32, bytes: [UInt8]) {
        func be(_ b: [UInt8]) -> UInt64 { b.reduce(0) { $0 << 8 | UInt64($1) } }
        func signed(_ b: [UInt8]) -> Int64 {
            guard !b.isEmpty, b.count <= 8 else { return 0 }
            let u = be(b)
            let shift = UInt64(64 - 8 * b.count)
            return Int64(bitPattern: u << shift) >> Int64(shift)
        }
        switch typeIndicator {
        case 1: self = .string(String(decoding: bytes, as: UTF8.self))
        case 2:
            var units: [UInt16] = []
            var i = 0
            while i + 1 < bytes.count { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])); i += 2 }
            self = .string(String(decoding: units, as: UTF16.self))
        case let t where [21, 65, 66, 67, 74].contains(t) && bytes.count <= 8 && !bytes.isEmpty: self = .integer(signed(bytes))
        case let t where [22, 75, 76, 77, 78].contains(t) && bytes.count <= 8 && !bytes.isEmpty: self = .unsignedInteger(be(bytes))
        case 23 where bytes.count == 4: self = .float(Double(Float(bitPattern: UInt32(be(bytes)))))
        case 24 where bytes.count == 8: self = .float(Double(bitPattern: be(bytes)))
        default: self = .data(bytes)
        }
    }

    public var description: String {
        switch self {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .unsignedInteger(let u): return String(u)
        case .float(let f): return String(f)
        case .data(let d): return d.count <= 32 ? d.map { String(format: "%02x", $0) }.joined() : "<\(d.count) bytes>"
        }
    }
}
