import BinaryIO

/// Tables whose entries are small boxes of their own: a 32-bit size (header included), a
/// four-character type, a body (`keys` entries, `dref` entries). One reader and one writer, so
/// the count and size checks are made the same way everywhere.
extension ByteReader {
    /// `count` entries, each at least `minimumSize` bytes; the count is checked against the bytes
    /// left before anything is reserved.
    mutating func readSizedEntries(_ count: UInt32, minimumSize: Int, what: String) throws -> [(type: FourCC, body: [UInt8])] {
        try requireEntries(count, size: minimumSize, what: what)
        var entries: [(type: FourCC, body: [UInt8])] = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            let size = try readUInt32()
            guard size >= minimumSize else { throw error(.invalidValue, "\(what) entry size \(size) is below \(minimumSize)") }
            let type = try readFourCC()
            entries.append((type, try readBytes(Int(size) - 8)))
        }
        return entries
    }
}

extension ByteWriter {
    /// One entry: its size (header included), its type, its body.
    mutating func sizedEntry(_ type: FourCC, _ body: [UInt8]) {
        u32(UInt32(8 + body.count)); fourCC(type); append(body)
    }
}
