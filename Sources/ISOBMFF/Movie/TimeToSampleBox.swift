import BinaryIO

/// `stts`: runs of samples with the same duration (media timescale). Read and written from this
/// one definition; bytes after the last entry are kept.
public struct TimeToSampleBox: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var entries: [SampleTable.TimeToSample]
    public var trailing: [UInt8]

    public init(version: UInt8 = 0, flags: UInt32 = 0, entries: [SampleTable.TimeToSample]) {
        self.version = version; self.flags = flags; self.entries = entries; self.trailing = []
    }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        let n = try r.readUInt32()
        try r.requireEntries(n, size: 8, what: "time-to-sample")
        var list: [SampleTable.TimeToSample] = []
        list.reserveCapacity(Int(n))
        for _ in 0..<n { list.append(SampleTable.TimeToSample(count: try r.readUInt32(), delta: try r.readUInt32())) }
        entries = list
        trailing = r.readRest()
    }

    public func atom() -> Atom {
        var w = ByteWriter(capacity: 8 + entries.count * 8 + trailing.count)
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries { w.u32(e.count); w.u32(e.delta) }
        w.append(trailing)
        return Atom(type: "stts", payload: w.bytes)
    }
}
