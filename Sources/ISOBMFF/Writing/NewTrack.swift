import BinaryIO

/// The `trak` of a track built from scratch (video, copied audio, timed metadata): header,
/// edit list, media header, handlers, self-contained data and a sample table whose samples sit
/// in the chunks given by `samplesPerChunk`. Chunk offsets are left 0: `NewMovieImage` fills
/// them in once it knows where the media goes.
public struct NewTrack {
    public var header: TrackHeader
    /// The edit list; the track's duration (movie ticks) is the sum of its entries.
    public var edits: [EditList.Entry]
    public var mediaHeader: MediaHeader
    public var handlerType: FourCC
    public var handlerName: String
    /// `vmhd`, `smhd` or `gmhd`.
    public var mediaInformationHeader: Atom
    public var sampleEntries: [Atom]
    public var timeToSample: [SampleTable.TimeToSample]
    /// Empty when every sample is presented at its decode time (no `ctts`).
    public var compositionOffsets: [SampleTable.CompositionOffset] = []
    /// nil when every sample is a sync sample (no `stss`).
    public var syncSamples: SyncSampleTable = SyncSampleTable(syncSamples: nil)
    /// One size per sample, or `constantSampleSize` (non-zero) with `sampleCount`.
    public var sampleSizes: [UInt32]
    public var constantSampleSize: UInt32 = 0
    public var sampleCount: UInt32
    /// How many samples each chunk holds, in order.
    public var samplesPerChunk: [UInt32]
    public var references: [TrackReference.Reference] = []

    public init(header: TrackHeader, edits: [EditList.Entry], mediaHeader: MediaHeader, handlerType: FourCC, handlerName: String,
                mediaInformationHeader: Atom, sampleEntries: [Atom], timeToSample: [SampleTable.TimeToSample],
                sampleSizes: [UInt32], samplesPerChunk: [UInt32]) {
        self.header = header; self.edits = edits; self.mediaHeader = mediaHeader
        self.handlerType = handlerType; self.handlerName = handlerName; self.mediaInformationHeader = mediaInformationHeader
        self.sampleEntries = sampleEntries; self.timeToSample = timeToSample
        self.sampleSizes = sampleSizes; self.sampleCount = UInt32(sampleSizes.count); self.samplesPerChunk = samplesPerChunk
    }

    public func atom() -> Atom {
        var tkhd = header
        tkhd.duration = UInt64(UInt32(clamping: edits.reduce(UInt64(0)) { $0 &+ $1.duration }))
        var mdhd = mediaHeader
        mdhd.duration = timeToSample.reduce(UInt64(0)) { $0 &+ UInt64($1.count) * UInt64($1.delta) }
        let hdlr = HandlerReference.quickTime(componentType: "mhlr", handlerType: handlerType, name: handlerName).atom()
        let dataHandler = HandlerReference.quickTime(componentType: "dhlr", handlerType: "url ", name: "").atom()
        let minf = Atom(type: "minf", children: [
            mediaInformationHeader, dataHandler,
            Atom(type: "dinf", children: [DataReference(entries: [.selfContained]).atom()]),
            sampleTableAtom(),
        ])
        var children = [tkhd.atom(), Atom(type: "edts", children: [EditList(entries: edits).atom()])]
        if !references.isEmpty { children.append(TrackReference(references: references).atom()) }
        children.append(Atom(type: "mdia", children: [mdhd.atom(), hdlr, minf]))
        return Atom(type: "trak", children: children)
    }

    func sampleTableAtom() -> Atom {
        var table = [SampleDescriptionHeader.atom(entries: sampleEntries), TimeToSampleBox(entries: timeToSample).atom()]
        if !compositionOffsets.isEmpty { table.append(CompositionOffsetBox(entries: compositionOffsets).atom()) }
        if let stss = syncSamples.atom() { table.append(stss) }
        // Runs of chunks holding the same number of samples.
        var runs: [SampleTable.SampleToChunk] = []
        for (i, n) in samplesPerChunk.enumerated() where runs.last?.samplesPerChunk != n {
            runs.append(.init(firstChunk: UInt32(i + 1), samplesPerChunk: n, descriptionIndex: 1))
        }
        table.append(SampleToChunkBox(entries: runs).atom())
        table.append(constantSampleSize != 0 ? SampleSizeBox(constantSize: constantSampleSize, sampleCount: sampleCount).atom()
                     : SampleSizeBox(sizes: sampleSizes).atom())
        table.append(ChunkOffsetTable(offsets: Array(repeating: 0, count: samplesPerChunk.count), is64Bit: false).atom())
        return Atom(type: "stbl", children: table)
    }
}
