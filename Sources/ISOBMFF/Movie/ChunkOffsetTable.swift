import BinaryIO

/// `stco` / `co64`: absolute file offsets of each chunk. Moving media in the file means
/// shifting these; an offset past 4 GiB needs the 64-bit form.
public struct ChunkOffsetTable: Sendable, Equatable {
    public var offsets: [UInt64]
    public var is64Bit: Bool

    public init(offsets: [UInt64], is64Bit: Bool) { self.offsets = offsets; self.is64Bit = is64Bit }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        _ = try r.readVersionFlags()
        let count = try r.readUInt32()
        is64Bit = atom.type == "co64"
        try r.requireEntries(count, size: is64Bit ? 8 : 4, what: "chunk offset")
        var list: [UInt64] = []
        list.reserveCapacity(Int(count))
        for _ in 0..<count { list.append(is64Bit ? try r.readUInt64() : UInt64(try r.readUInt32())) }
        offsets = list
    }

    public var needs64Bit: Bool { offsets.contains { $0 > UInt64(UInt32.max) } }

    /// An `stco` (or `co64` when required or already 64-bit) atom holding these offsets.
    public func atom() -> Atom {
        let wide = is64Bit || needs64Bit
        var w = ByteWriter(capacity: 8 + offsets.count * (wide ? 8 : 4))
        w.u32(0)
        w.u32(UInt32(offsets.count))
        for o in offsets { if wide { w.u64(o) } else { w.u32(UInt32(o)) } }
        return Atom(type: wide ? "co64" : "stco", payload: w.bytes)
    }
}
