import BinaryIO

/// The MP Entry table of an MPF APP2 segment (CIPA DC-007): per image its size and its offset
/// from the MPF TIFF header. A still whose gain map or other images move must have these
/// rewritten; the table keeps its size, so the segment does too.
public enum MPFIndex {
    public static let signature: [UInt8] = [0x4D, 0x50, 0x46, 0x00]   // "MPF\0"

    public struct Entry: Equatable, Sendable {
        public var size: UInt32
        /// From the MPF TIFF header (0 for the first image).
        public var offset: UInt32
    }

    /// The payload with every entry passed through `transform` (index, entry) -> entry.
    public static func rewrite(_ payload: [UInt8], payloadOffset: UInt64, _ transform: (Int, Entry) -> Entry) throws -> [UInt8] {
        guard payload.starts(with: signature) else { throw ParseError(.invalidValue, "not an MPF segment", path: "APP2/MPF", offset: payloadOffset) }
        var out = payload
        var r = ByteReader(payload, range: 4..<payload.count, baseOffset: payloadOffset, path: "APP2/MPF")
        let order = try r.readUInt16()
        guard order == 0x4949 || order == 0x4D4D else { throw r.error(.invalidValue, "bad MPF byte order") }
        r.littleEndian = order == 0x4949
        _ = try r.readUInt16()
        let ifd = Int(try r.readUInt32())
        var t = ByteReader(payload, range: 4..<payload.count, baseOffset: payloadOffset, path: "APP2/MPF")
        t.littleEndian = r.littleEndian
        try t.skip(ifd)
        let count = Int(try t.readUInt16())
        guard count <= 64 else { throw t.error(.tooLarge, "MPF IFD of \(count) entries") }
        for _ in 0..<count {
            let tag = try t.readUInt16()
            _ = try t.readUInt16()
            let n = Int(try t.readUInt32())
            let value = Int(try t.readUInt32())
            guard tag == 0xB002 else { continue }
            guard n % 16 == 0, n <= 16 * 64, value <= payload.count - 4 - n else { throw t.error(.invalidValue, "MP Entry table out of range") }
            for k in 0..<(n / 16) {
                let at = 4 + value + 16 * k
                var e = ByteReader(payload, range: at..<(at + 16), baseOffset: payloadOffset, path: "APP2/MPF/MPEntry")
                e.littleEndian = r.littleEndian
                _ = try e.readUInt32()
                let entry = Entry(size: try e.readUInt32(), offset: try e.readUInt32())
                let new = transform(k, entry)
                put(new.size, at: at + 4, into: &out, little: r.littleEndian)
                put(new.offset, at: at + 8, into: &out, little: r.littleEndian)
            }
        }
        return out
    }

    private static func put(_ v: UInt32, at i: Int, into bytes: inout [UInt8], little: Bool) {
        for k in 0..<4 {
            let shift = little ? 8 * k : 8 * (3 - k)
            bytes[i + k] = UInt8((v >> UInt32(shift)) & 0xFF)
        }
    }
}
