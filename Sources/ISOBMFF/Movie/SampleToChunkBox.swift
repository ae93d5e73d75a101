import BinaryIO

/// `stsc`: runs of chunks with the same number of samples. Read and written from this one
/// definition; first chunks must increase from 1; bytes after the last entry are kept.
public struct SampleToChunkBox: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var entries: [SampleTable.SampleToChunk]
    public var trailing: [UInt8]

    public init(version: UInt8 = 0, flags: UInt32 = 0, entries: [SampleTable.SampleToChunk]) {
        self.version = version; self.flags = flags; self.entries = entries; self.trailing = []
    }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        let n = try r.readUInt32()
        try r.requireEntries(n, size: 12, what: "sample-to-chunk")
        var list: [SampleTable.SampleToChunk] = []
        list.reserveCapacity(Int(n))
        for _ in 0..<n {
            let e = SampleTable.SampleToChunk(firstChunk: try r.readUInt32(), samplesPerChunk: try r.readUInt32(), descriptionIndex: try r.readUInt32())
            guard e.firstChunk >= 1, e.firstChunk > (list.last?.firstChunk ?? 0) else {
                throw r.error(.invalidValue, "sample-to-chunk first chunks not increasing from 1")
            }
            list.append(e)
        }
        entries = list
        trailing = r.readRest()
    }

    public func atom() -> Atom {
        var w = ByteWriter(capacity: 8 + entries.count * 12 + trailing.count)
        w.u8(version); w.u24(flags)
        w.u32(UInt32(entries.count))
        for e in entries { w.u32(e.firstChunk); w.u32(e.samplesPerChunk); w.u32(e.descriptionIndex) }
        w.append(trailing)
        return Atom(type: "stsc", payload: w.bytes)
    }
}
