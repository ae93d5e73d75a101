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
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        let count = try r.readUInt32()
        try r.requireEntries(count, size: 12, what: "data reference")
        var list: [Entry] = []
        list.reserveCapacity(Int(count))
        for _ in 0..<count {
            let size = try r.readUInt32()
            guard size >= 12 else { throw r.error(.invalidValue, "data reference entry size \(size) is below 12") }
            let type = try r.readFourCC()
            let (v, f) = try r.readVersionFlags()
            list.append(Entry(type: type, version: v, flags: f, data: try r.readBytes(Int(size) - 12)))
        }
        entries = list
        trailing = r.readRest()
    }

    /// The `dref` atom.
    public func atom() -> Atom {
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries {
            w.u32(UInt32(12 + e.data.count)); w.fourCC(e.type)
            w.u8(e.version); w.u24(e.flags)
            w.append(e.data)
        }
        w.append(trailing)
        return Atom(type: "dref", payload: w.bytes)
    }
}
