import BinaryIO

/// Builds ISO-BMFF boxes byte by byte, so tests control every size and field.
extension Support {
    public static func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(8 + payload.count)); w.fourCC(type); w.append(payload)
        return w.bytes
    }

    public static func largeBox(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(1); w.fourCC(type); w.u64(UInt64(16 + payload.count)); w.append(payload)
        return w.bytes
    }

    public static func uuidBox(_ userType: [UInt8], _ payload: [UInt8]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(UInt32(24 + payload.count)); w.fourCC("uuid"); w.append(userType); w.append(payload)
        return w.bytes
    }

    public static func u32(_ v: UInt32) -> [UInt8] { var w = ByteWriter(); w.u32(v); return w.bytes }

    public static func putU32(_ v: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        for i in 0..<4 { bytes[offset + i] = UInt8((v >> UInt32(24 - 8 * i)) & 0xFF) }
    }

    public static func readU32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// A minimal `ftyp`.
    public static func ftyp(_ brand: FourCC = "qt  ") -> [UInt8] {
        var w = ByteWriter(); w.fourCC(brand); w.u32(0x200); w.fourCC(brand)
        return box("ftyp", w.bytes)
    }

    /// Offsets where top-level boxes start, walking 32/64-bit sizes until one does not fit.
    public static func topLevelStarts(_ bytes: [UInt8]) -> Set<UInt64> {
        var starts: Set<UInt64> = []
        var offset = 0
        while offset < bytes.count {
            starts.insert(UInt64(offset))
            guard bytes.count - offset >= 8 else { break }
            var size = UInt64(readU32(bytes, at: offset))
            if size == 1 {
                guard bytes.count - offset >= 16 else { break }
                size = UInt64(readU32(bytes, at: offset + 8)) << 32 | UInt64(readU32(bytes, at: offset + 12))
            } else if size == 0 {
                break
            }
            guard size >= 8, size <= UInt64(bytes.count - offset) else { break }
            offset += Int(size)
        }
        return starts
    }
}
