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
        let count = try r.readUInt32()
        try r.requireEntries(count, size: 8, what: "key")
        var list: [Entry] = []
        list.reserveCapacity(Int(count))
        for _ in 0..<count {
            let size = try r.readUInt32()
            guard size >= 8 else { throw r.error(.invalidValue, "key entry size \(size) is below 8") }
            let ns = try r.readFourCC()
            list.append(Entry(namespace: ns, value: try r.readBytes(Int(size) - 8)))
        }
        entries = list
        trailing = r.readRest()
    }

    public func atom() -> Atom {
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries {
            w.u32(UInt32(8 + e.value.count))
            w.fourCC(e.namespace)
            w.append(e.value)
        }
        w.append(trailing)
        return Atom(type: "keys", payload: w.bytes)
    }
}
