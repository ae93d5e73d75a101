import BinaryIO

/// `stts`: runs of samples with the same duration (media timescale). Read and written from this
/// one definition (the table around it is `FullBoxTable`); bytes after the last entry are kept.
public typealias TimeToSampleBox = FullBoxTable<SampleTable.TimeToSample>

extension SampleTable.TimeToSample: FullBoxTableEntry {
    public static let layout = FullBoxTableLayout(type: "stts", minimumEntrySize: 8, what: "time-to-sample")
    public init(reading r: inout ByteReader) throws { self.init(count: try r.readUInt32(), delta: try r.readUInt32()) }
    public func write(to w: inout ByteWriter) { w.u32(count); w.u32(delta) }
}
