import BinaryIO

/// `stsc`: runs of chunks with the same number of samples. Read and written from this one
/// definition (the table around it is `FullBoxTable`); first chunks must increase from 1;
/// bytes after the last entry are kept.
public typealias SampleToChunkBox = FullBoxTable<SampleTable.SampleToChunk>

extension SampleTable.SampleToChunk: FullBoxTableEntry {
    public static let layout = FullBoxTableLayout(type: "stsc", minimumEntrySize: 12, what: "sample-to-chunk")
    public init(reading r: inout ByteReader) throws {
        self.init(firstChunk: try r.readUInt32(), samplesPerChunk: try r.readUInt32(), descriptionIndex: try r.readUInt32())
    }
    public func write(to w: inout ByteWriter) { w.u32(firstChunk); w.u32(samplesPerChunk); w.u32(descriptionIndex) }
    public static func problem(_ entry: Self, after previous: Self?) -> String? {
        entry.firstChunk >= 1 && entry.firstChunk > (previous?.firstChunk ?? 0) ? nil : "sample-to-chunk first chunks not increasing from 1"
    }
}
