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

/// A FullBox holding a counted list of sized entries and, after them, whatever the writer left
/// (`dref`, `keys`): read and written here once, each box maps the entries to its own type.
struct SizedEntryTable {
    var version: UInt8
    var flags: UInt32
    var entries: [(type: FourCC, body: [UInt8])]
    var trailing: [UInt8]

    init(version: UInt8, flags: UInt32, entries: [(type: FourCC, body: [UInt8])], trailing: [UInt8]) {
        self.version = version; self.flags = flags; self.entries = entries; self.trailing = trailing
    }

    init(_ atom: Atom, path: String, minimumEntrySize: Int, what: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        entries = try r.readSizedEntries(try r.readUInt32(), minimumSize: minimumEntrySize, what: what)
        trailing = r.readRest()
    }

    func atom(type: FourCC) -> Atom {
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries { w.sizedEntry(e.type, e.body) }
        w.append(trailing)
        return Atom(type: type, payload: w.bytes)
    }
}
