import BinaryIO

/// The `trak` skeleton every timed-metadata (`mebx`) track we build shares: handler `meta`,
/// a `gmhd` media header, self-contained data, one sample entry, and all samples in one chunk
/// whose offset is left 0 (the layout step fills it in). The still-image-time, live-photo-info
/// and video-orientation tracks differ only in what this layout holds.
public struct TimedMetadataTrack {
    public var trackID: UInt32
    /// The edit list; the track's duration (movie ticks) is the sum of its entries.
    public var edits: [EditList.Entry]
    public var mediaTimescale: UInt32
    /// The `mebx` sample entry.
    public var sampleEntry: Atom
    public var timeToSample: [SampleTable.TimeToSample]
    public var sampleSizes: [UInt32]
    /// `tref/cdsc` to this track, when there is one (iOS 17 cameras write it, iOS 18 do not).
    public var describes: UInt32?

    public init(trackID: UInt32, edits: [EditList.Entry], mediaTimescale: UInt32, sampleEntry: Atom,
                timeToSample: [SampleTable.TimeToSample], sampleSizes: [UInt32], describes: UInt32?) {
        self.trackID = trackID; self.edits = edits; self.mediaTimescale = mediaTimescale; self.sampleEntry = sampleEntry
        self.timeToSample = timeToSample; self.sampleSizes = sampleSizes; self.describes = describes
    }

    public func atom() -> Atom {
        let trackDuration = edits.reduce(UInt64(0)) { $0 &+ $1.duration }
        let mediaDuration = timeToSample.reduce(UInt64(0)) { $0 &+ UInt64($1.count) * UInt64($1.delta) }
        // Enabled, in movie, in preview, in poster (as AVFoundation and the camera write).
        let tkhd = TrackHeader(flags: 0x0F, trackID: trackID, duration: UInt64(UInt32(clamping: trackDuration))).atom()
        let mdhd = MediaHeader(timescale: mediaTimescale, duration: mediaDuration).atom()
        let hdlr = HandlerReference.quickTime(componentType: "mhlr", handlerType: "meta", name: "Core Media Metadata").atom()
        let dataHandler = HandlerReference.quickTime(componentType: "dhlr", handlerType: "url ", name: "").atom()
        let sizes: SampleSizeBox
        if let first = sampleSizes.first, sampleSizes.allSatisfy({ $0 == first }) {
            sizes = SampleSizeBox(constantSize: first, sampleCount: UInt32(sampleSizes.count))
        } else {
            sizes = SampleSizeBox(sizes: sampleSizes)
        }
        let stbl = Atom(type: "stbl", children: [
            SampleDescriptionHeader.atom(entries: [sampleEntry]),
            TimeToSampleBox(entries: timeToSample).atom(),
            SampleToChunkBox(entries: [.init(firstChunk: 1, samplesPerChunk: UInt32(sampleSizes.count), descriptionIndex: 1)]).atom(),
            sizes.atom(),
            ChunkOffsetTable(offsets: [0], is64Bit: false).atom(),
        ])
        let minf = Atom(type: "minf", children: [
            BaseMediaInfo().headerAtom(),
            dataHandler,
            Atom(type: "dinf", children: [DataReference(entries: [.selfContained]).atom()]),
            stbl,
        ])
        var children = [tkhd, Atom(type: "edts", children: [EditList(entries: edits).atom()])]
        if let describes { children.append(TrackReference(references: [.init(type: "cdsc", trackIDs: [describes])]).atom()) }
        children.append(Atom(type: "mdia", children: [mdhd, hdlr, minf]))
        return Atom(type: "trak", children: children)
    }

    /// One metadata item as a sample holds it: size, local key id, value.
    public static func item(localKeyID: UInt32, value: [UInt8]) -> [UInt8] {
        var w = ByteWriter(capacity: 8 + value.count)
        w.u32(UInt32(8 + value.count)); w.u32(localKeyID); w.append(value)
        return w.bytes
    }
}
