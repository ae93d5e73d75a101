import BinaryIO

/// `keys` of QuickTime metadata (`moov/meta/keys`): the key table that `ilst` items name by
/// 1-based index. Read and written from this one definition (the table around it is
/// `FullBoxTable`); bytes after the last entry are kept.
public typealias MetadataKeysBox = FullBoxTable<MetadataKey>

/// One key: a sized entry whose type is the key's namespace (`mdta`) and whose body is its name.
public struct MetadataKey: FullBoxTableEntry {
    public var namespace: FourCC
    /// The key name as stored (UTF-8 for `mdta`).
    public var value: [UInt8]
    public init(namespace: FourCC, value: [UInt8]) { self.namespace = namespace; self.value = value }
    public var name: String { String(decoding: value, as: UTF8.self) }

    public static let layout = FullBoxTableLayout(type: "keys", minimumEntrySize: 8, what: "key")
    public init(reading r: inout ByteReader) throws {
        (namespace, value) = try r.readSizedEntry(minimumSize: Self.layout.minimumEntrySize, what: Self.layout.what)
    }
    public func write(to w: inout ByteWriter) { w.sizedEntry(namespace, value) }
}
