import BinaryIO

/// `ctts`: runs of samples with the same composition offset (decode to presentation time,
/// media timescale; signed, as version 1 and QuickTime store it). Read and written from this
/// one definition; bytes after the last entry are kept.
public struct CompositionOffsetBox: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var entries: [SampleTable.CompositionOffset]
    public var trailing: [UInt8]

    public init(version: UInt8 = 0, flags: UInt32 = 0, entries: [SampleTable.CompositionOffset]) {
        self.version = version; self.flags = flags; self.entries = entries; self.trailing = []
    }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        let n = try r.readUInt32()
        try r.requireEntries(n, size: 8, what: "composition offset")
        var list: [SampleTable.CompositionOffset] = []
        list.reserveCapacity(Int(n))
        for _ in 0..<n { list.append(SampleTable.CompositionOffset(count: try r.readUInt32(), offset: try r.readInt32())) }
        entries = list
        trailing = r.readRest()
    }

    /// Runs of equal offsets from one offset per sample.
    public init(offsets: [Int32]) {
        var runs: [SampleTable.CompositionOffset] = []
        for o in offsets {
            if let last = runs.last, last.offset == o { runs[runs.count - 1].count += 1 } else { runs.append(.init(count: 1, offset: o)) }
        }
        self.init(entries: runs)
    }

    public func atom() -> Atom {
        var w = ByteWriter(capacity: 8 + entries.count * 8 + trailing.count)
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries { w.u32(e.count); w.i32(e.offset) }
        w.append(trailing)
        return Atom(type: "ctts", payload: w.bytes)
    }
}
