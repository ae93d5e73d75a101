import BinaryIO

/// A video track written from samples we hold (a re-encoded HEVC clip): its decoder
/// configuration, display rotation and every sample in decode order with its duration, sync
/// flag and composition offset (media timescale).
public struct NewVideoTrack {
    public struct Sample {
        public var bytes: [UInt8]
        public var duration: UInt32
        public var isSync: Bool
        public var compositionOffset: Int32

        public init(bytes: [UInt8], duration: UInt32, isSync: Bool, compositionOffset: Int32 = 0) {
            self.bytes = bytes; self.duration = duration; self.isSync = isSync; self.compositionOffset = compositionOffset
        }
    }

    /// Codec, coded size, `hvcC`/`avcC` payload and colour of the sample entry.
    public var configuration: VideoCodecConfiguration
    /// Display rotation the track matrix applies (0, 90, 180, 270).
    public var rotationDegrees: Int
    public var timescale: UInt32
    public var samples: [Sample]
    /// The source's sample entry, written as it was instead of one built from `configuration`
    /// (a copied track); nil for a track we encoded.
    public var sampleEntry: Atom? = nil

    public init(configuration: VideoCodecConfiguration, rotationDegrees: Int, timescale: UInt32, samples: [Sample]) {
        self.configuration = configuration; self.rotationDegrees = rotationDegrees; self.timescale = timescale; self.samples = samples
    }

    /// Sum of sample durations (media timescale).
    public var mediaDuration: UInt64 { samples.reduce(UInt64(0)) { $0 + UInt64($1.duration) } }

    /// The track: one edit showing the media from its first presented sample, every sample in
    /// one chunk (the clip is seconds long), `ctts` only when an offset is not 0, `stss` only
    /// when a sample is not a sync sample.
    public func track(trackID: UInt32, movieTimescale: UInt32) -> NewTrack {
        var stts: [SampleTable.TimeToSample] = []
        for s in samples {
            if let last = stts.last, last.delta == s.duration { stts[stts.count - 1].count += 1 } else { stts.append(.init(count: 1, delta: s.duration)) }
        }
        let movieTicks = FrameTiming.ceilDiv(Int128(mediaDuration) * Int128(movieTimescale), Int128(max(1, timescale)))
        var decodeTime: Int64 = 0, firstShown = Int64.max
        for s in samples {
            firstShown = min(firstShown, decodeTime + Int64(s.compositionOffset))
            decodeTime += Int64(s.duration)
        }
        let w = configuration.width, h = configuration.height
        var track = NewTrack(header: TrackHeader(flags: 0x0F, trackID: trackID, duration: 0, matrix: Self.matrix(rotationDegrees: rotationDegrees, width: w, height: h),
                                                 fixedWidth: UInt32(clamping: w) << 16, fixedHeight: UInt32(clamping: h) << 16),
                             edits: [.init(duration: UInt64(clamping: movieTicks), mediaTime: samples.isEmpty ? 0 : max(0, firstShown), rate: 0x10000)],
                             mediaHeader: MediaHeader(timescale: timescale, duration: 0), handlerType: "vide", handlerName: "Core Media Video",
                             mediaInformationHeader: Self.videoMediaHeader(), sampleEntries: [sampleEntry ?? configuration.sampleEntryAtom()], timeToSample: stts,
                             sampleSizes: samples.map { UInt32(clamping: $0.bytes.count) }, samplesPerChunk: samples.isEmpty ? [] : [UInt32(samples.count)])
        if samples.contains(where: { $0.compositionOffset != 0 }) {
            track.compositionOffsets = CompositionOffsetBox(offsets: samples.map(\.compositionOffset)).entries
        }
        if !samples.allSatisfy(\.isSync) { track.syncSamples = SyncSampleTable(syncSamples: samples.indices.filter { samples[$0].isSync }) }
        return track
    }

    /// The samples' bytes as the one chunk `track` declares.
    public var chunks: [[UInt8]] { samples.isEmpty ? [] : [samples.flatMap(\.bytes)] }

    /// `vmhd` as QuickTime writes it: flags 1 (no lean ahead), graphics mode dither copy, grey op colour.
    static func videoMediaHeader() -> Atom {
        var w = ByteWriter(capacity: 12)
        w.u32(1); w.u16(0x40); w.u16(0x8000); w.u16(0x8000); w.u16(0x8000)
        return Atom(type: "vmhd", payload: w.bytes)
    }

    /// The display matrix rotating a `width`×`height` picture clockwise by `rotationDegrees`, as
    /// `TrackHeader.rotationDegrees` reads it back (with the translation that keeps it on screen).
    static func matrix(rotationDegrees: Int, width: Int, height: Int) -> [Int32] {
        let one: Int32 = 0x10000, w = Int32(clamping: width) << 16, h = Int32(clamping: height) << 16
        switch ((rotationDegrees % 360) + 360) % 360 {
        case 90: return [0, one, 0, -one, 0, 0, h, 0, 0x4000_0000]
        case 180: return [-one, 0, 0, 0, -one, 0, w, h, 0x4000_0000]
        case 270: return [0, -one, 0, one, 0, 0, 0, w, 0x4000_0000]
        default: return TrackHeader.identityMatrix
        }
    }
}
