import BinaryIO

/// `dref` (inside `dinf`): where a track's media data is. Read and written from this one
/// definition (the table around it is `FullBoxTable`); each entry's bytes after version/flags
/// and bytes after the last entry are kept.
public typealias DataReference = FullBoxTable<DataReferenceEntry>

/// One `dref` entry (`url `, `alis`, ...): a FullBox of its own; flag 1 means "in this file"
/// and then carries no location.
public struct DataReferenceEntry: FullBoxTableEntry {
    public var type: FourCC
    public var version: UInt8
    public var flags: UInt32
    /// The location (or alias record) as stored; empty for self-contained media.
    public var data: [UInt8]
    public init(type: FourCC, version: UInt8 = 0, flags: UInt32, data: [UInt8] = []) {
        self.type = type; self.version = version; self.flags = flags; self.data = data
    }

    /// A `url ` entry with flag 1: the media is in this file.
    public static let selfContained = DataReferenceEntry(type: "url ", flags: 1)

    // An entry is at least its header and version/flags: 12 bytes.
    public static let layout = FullBoxTableLayout(type: "dref", minimumEntrySize: 12, what: "data reference")

    public init(reading r: inout ByteReader) throws {
        let (type, b) = try r.readSizedEntry(minimumSize: Self.layout.minimumEntrySize, what: Self.layout.what)
        self.init(type: type, version: b[0], flags: UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3]), data: Array(b[4...]))
    }

    public func write(to w: inout ByteWriter) {
        var body = ByteWriter(capacity: 4 + data.count)
        body.u8(version); body.u24(flags); body.append(data)
        w.sizedEntry(type, body.bytes)
    }
}
