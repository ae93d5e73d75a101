import BinaryIO

/// `ctts`: runs of samples with the same composition offset (decode to presentation time,
/// media timescale; signed, as version 1 and QuickTime store it). Read and written from this
/// one definition (the table around it is `FullBoxTable`); bytes after the last entry are kept.
public typealias CompositionOffsetBox = FullBoxTable<SampleTable.CompositionOffset>

extension SampleTable.CompositionOffset: FullBoxTableEntry {
    public static let layout = FullBoxTableLayout(type: "ctts", minimumEntrySize: 8, what: "composition offset")
    public init(reading r: inout ByteReader) throws { self.init(count: try r.readUInt32(), offset: try r.readInt32()) }
    public func write(to w: inout ByteWriter) { w.u32(count); w.i32(offset) }
}

extension FullBoxTable where Entry == SampleTable.CompositionOffset {
    /// Runs of equal offsets from one offset per sample.
    public init(offsets: [Int32]) {
        var runs: [SampleTable.CompositionOffset] = []
        for o in offsets {
            if let last = runs.last, last.offset == o { runs[runs.count - 1].count += 1 } else { runs.append(.init(count: 1, offset: o)) }
        }
        self.init(entries: runs)
    }
}
