import BinaryIO

/// `dref` (inside `dinf`): where a track's media data is. Each entry (`url `, `alis`, ...) is a
/// FullBox; flag 1 means "in this file" and then carries no location. Read and written from
/// this one definition; each entry's bytes after version/flags and bytes after the last entry are kept.
public struct DataReference: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var type: FourCC
        public var version: UInt8
        public var flags: UInt32
        /// The location (or alias record) as stored; empty for self-contained media.
        public var data: [UInt8]
        public init(type: FourCC, version: UInt8 = 0, flags: UInt32, data: [UInt8] = []) {
            self.type = type; self.version = version; self.flags = flags; self.data = data
        }

        /// A `url ` entry with flag 1: the media is in this file.
        public static let selfContained = Entry(type: "url ", flags: 1)
    }

    public var version: UInt8
    public var flags: UInt32
    public var entries: [Entry]
    public var trailing: [UInt8]

    public init(version: UInt8 = 0, flags: UInt32 = 0, entries: [Entry]) {
        self.version = version; self.flags = flags; self.entries = entries; self.trailing = []
    }

    public init(_ atom: Atom, path: String) throws {
        // An entry is at least its header and version/flags: 12 bytes.
        let table = try SizedEntryTable(atom, path: path, minimumEntrySize: 12, what: "data reference")
        (version, flags, trailing) = (table.version, table.flags, table.trailing)
        entries = table.entries.map { entry in
            let b = entry.body
            return Entry(type: entry.type, version: b[0], flags: UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]), data: Array(b[4...]))
        }
    }

    /// The `dref` atom.
    public func atom() -> Atom {
        let bodies = entries.map { e -> (type: FourCC, body: [UInt8]) in
            var body = ByteWriter(capacity: 4 + e.data.count)
            body.u8(e.version); body.u24(e.flags); body.append(e.data)
            return (e.type, body.bytes)
        }
        return SizedEntryTable(version: version, flags: flags, entries: bodies, trailing: trailing).atom(type: "dref")
    }
}
