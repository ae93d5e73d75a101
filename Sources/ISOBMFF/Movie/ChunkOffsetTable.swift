import BinaryIO

/// `stco` / `co64`: absolute file offsets of each chunk. Moving media in the file means
/// shifting these; an offset past 4 GiB needs the 64-bit form. Read and written from this one
/// definition; version/flags and bytes after the last entry are kept.
public struct ChunkOffsetTable: Sendable, Equatable {
    public var offsets: [UInt64]
    public var is64Bit: Bool
    /// FullBox version and flags as stored (0 in every writer seen).
    public var versionFlags: UInt32 = 0
    public var trailing: [UInt8] = []

    public init(offsets: [UInt64], is64Bit: Bool) { self.offsets = offsets; self.is64Bit = is64Bit }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        let (version, flags) = try r.readVersionFlags()
        versionFlags = UInt32(version) << 24 | flags
        let count = try r.readUInt32()
        is64Bit = atom.type == "co64"
        try r.requireEntries(count, size: is64Bit ? 8 : 4, what: "chunk offset")
        var list: [UInt64] = []
        list.reserveCapacity(Int(count))
        for _ in 0..<count { list.append(is64Bit ? try r.readUInt64() : UInt64(try r.readUInt32())) }
        offsets = list
        trailing = r.readRest()
    }

    public var needs64Bit: Bool { offsets.contains { $0 > UInt64(UInt32.max) } }

    /// An `stco` (or `co64` when required or already 64-bit) atom holding these offsets.
    public func atom() -> Atom {
        let wide = is64Bit || needs64Bit
        var w = ByteWriter(capacity: 8 + offsets.count * (wide ? 8 : 4) + trailing.count)
        w.u32(versionFlags)
        w.u32(UInt32(offsets.count))
        for o in offsets { if wide { w.u64(o) } else { w.u32(UInt32(o)) } }
        w.append(trailing)
        return Atom(type: wide ? "co64" : "stco", payload: w.bytes)
    }
}
