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
        let table = try SizedEntryTable(atom, path: path, minimumEntrySize: 8, what: "key")
        (version, flags, trailing) = (table.version, table.flags, table.trailing)
        entries = table.entries.map { Entry(namespace: $0.type, value: $0.body) }
    }

    public func atom() -> Atom {
        SizedEntryTable(version: version, flags: flags, entries: entries.map { ($0.namespace, $0.value) },
                        trailing: trailing).atom(type: "keys")
    }
}
