import BinaryIO

/// `stsd`'s fixed fields before its sample entries: version/flags and the entry count. Read and
/// written from this one definition; the count written is the number of entries given.
public struct SampleDescriptionHeader: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var entryCount: UInt32

    public init(version: UInt8 = 0, flags: UInt32 = 0, entryCount: UInt32) {
        self.version = version; self.flags = flags; self.entryCount = entryCount
    }

    /// Reads the fields of an `stsd` the tree parser opened (its prefix) or kept as a leaf.
    public init(_ atom: Atom, path: String) throws {
        var r = atom.fixedFieldsReader(path: path)
        (version, flags) = try r.readVersionFlags()
        entryCount = try r.readUInt32()
    }

    /// The 8 bytes before the entries.
    public var prefix: [UInt8] {
        var w = ByteWriter(capacity: 8)
        w.u8(version); w.u24(flags); w.u32(entryCount)
        return w.bytes
    }

    /// An `stsd` holding `entries`, its count set to theirs.
    public static func atom(version: UInt8 = 0, flags: UInt32 = 0, entries: [Atom]) -> Atom {
        let header = SampleDescriptionHeader(version: version, flags: flags, entryCount: UInt32(entries.count))
        return Atom(type: "stsd", prefix: header.prefix, children: entries)
    }
}
