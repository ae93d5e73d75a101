import BinaryIO

/// Counts the boxes in a range from their headers alone, stopping past `limit`: lets a parser
/// refuse a hostile `meta` (millions of tiny boxes) before it builds a node for each.
enum BoxCount {
    static func count(_ reader: ByteReader, upTo limit: Int) -> Int {
        var r = reader
        var n = 0
        while r.remaining >= 8 && n <= limit {
            guard let size32 = try? r.readUInt32(), (try? r.readFourCC()) != nil else { break }
            var size = UInt64(size32), header: UInt64 = 8
            if size32 == 1 {
                guard let large = try? r.readUInt64() else { break }
                size = large; header = 16
            } else if size32 == 0 {
                size = UInt64(r.remaining) + 8
            }
            guard size >= header, size - header <= UInt64(r.remaining), (try? r.skip(Int(size - header))) != nil else { break }
            n += 1
        }
        return n
    }

    /// Throws `tooLarge` when the range holds more than `limit` boxes.
    static func require(_ reader: ByteReader, atMost limit: Int, what: String) throws {
        if count(reader, upTo: limit) > limit {
            throw reader.error(.tooLarge, "more than \(limit) \(what)")
        }
    }
}
