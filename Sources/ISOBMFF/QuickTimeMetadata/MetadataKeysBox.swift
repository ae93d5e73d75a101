import BinaryIO

/// `keys` of QuickTime metadata (`moov/meta/keys`): the key table that `ilst` items name by
/// 1-based index. Read and written from this one definition; bytes after the last entry are kept.
public struct MetadataKeysBox: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var namespace: FourCC
        /// The key name as stored (UTF-8 for `mdta`).
        public var value: [UInt8]
        public init(namespace: FourCC, value: [UInt8]) { self.namespace = namespace; self.value = value }
        public var name: String { String(decoding: value, as: UTF8.self) }
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
        entries = try r.readSizedEntries(try r.readUInt32(), minimumSize: 8, what: "key").map { Entry(namespace: $0.type, value: $0.body) }
        trailing = r.readRest()
    }

    public func atom() -> Atom {
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries { w.sizedEntry(e.namespace, e.value) }
        w.append(trailing)
        return Atom(type: "keys", payload: w.bytes)
    }
}
