import BinaryIO

/// One `trak` of a movie, parsed into what inspection, verification and pairing need.
public struct Track {
    public let atom: Atom
    /// 1-based position among the movie's tracks.
    public let index: Int
    public let path: String
    public let header: TrackHeader
    public let mediaHeader: MediaHeader
    public let handler: HandlerReference
    public let edits: EditList?
    public let sampleEntries: [SampleEntry]
    public let sampleTable: SampleTable
    /// `tref` children: reference type to referenced track ids.
    public let references: [FourCC: [UInt32]]

    public init(_ atom: Atom, index: Int, path trackPath: String) throws {
        self.atom = atom
        self.index = index
        self.path = trackPath
        let parts = try TrackParts(atom, path: trackPath)
        header = parts.header; mediaHeader = parts.mediaHeader; handler = parts.handler; edits = parts.edits
        sampleEntries = parts.sampleEntries; sampleTable = parts.sampleTable; references = parts.references
    }

    /// Where the `trak` box starts in the file: the offset an error about the whole track names
    /// (0 for a track built here).
    public var offset: UInt64 { atom.originalOffset ?? 0 }
    public var trackID: UInt32 { header.trackID }
    public var isVideo: Bool { handler.handlerType == "vide" }
    public var isAudio: Bool { handler.handlerType == "soun" }
    public var codec: FourCC? { sampleEntries.first?.format }

    public static let stillImageTimeKey = "com.apple.quicktime.still-image-time"

    /// A timed-metadata track whose `mebx` entry declares the still-image-time key.
    public var isStillImageTime: Bool { TrackParts.isStillImageTime(handler: handler, sampleEntries: sampleEntries) }

    /// Track duration in seconds (tkhd, movie timescale).
    public func durationSeconds(movieTimescale: UInt32) -> Double { Double(header.duration) / Double(movieTimescale) }

    /// The presentation time (seconds, edits applied) of the sample shown first, or nil when
    /// the track has no sample or no edit presents it: `firstSampleStart` for a report.
    public func firstSamplePresentationTime(movieTimescale: UInt32) -> Double? {
        firstSampleStart(movieTimescale: movieTimescale)?.seconds
    }

    /// Presentation times (seconds, edits applied) of the track's frames in presentation order;
    /// frames no edit shows are left out.
    public func framePresentationTimes(movieTimescale: UInt32) -> [Double] {
        sampleTable.compositionTimes().sorted().compactMap {
            EditList.presentationStart(ofMediaTime: $0, edits: edits, mediaTimescale: mediaHeader.timescale, movieTimescale: movieTimescale)?.seconds
        }
    }

    /// When the sample shown first is first presented (exact, edits applied; a sample of no
    /// duration too), or nil when the track has no sample or no edit presents it.
    public func firstSampleStart(movieTimescale: UInt32) -> FrameTiming.ExactTime? {
        guard let first = sampleTable.compositionTimes().min() else { return nil }
        return EditList.presentationStart(ofMediaTime: first, edits: edits, mediaTimescale: mediaHeader.timescale, movieTimescale: movieTimescale)
    }

    /// The middle of `presentedSpan`, exact: from the first non-empty edit to the end of the
    /// last one, or the track's duration (the media's when the track gives none).
    public func presentedMiddle(movieTimescale: UInt32) -> FrameTiming.ExactTime {
        let (movieTS, mediaTS) = exactTimescales(movieTimescale)
        var start: Int128 = 0, end: Int128   // units of 1/(movie × media timescale) seconds
        if let entries = edits?.entries, !entries.isEmpty {
            var t: Int128 = 0, first: Int128? = nil, last: Int128 = 0
            for e in entries {
                if e.mediaTime >= 0 { first = first ?? t; last = t + Int128(e.duration) }
                t += Int128(e.duration)
            }
            (start, end) = ((first ?? 0) * mediaTS, last * mediaTS)
        } else {
            end = header.duration != 0 ? Int128(header.duration) * mediaTS : Int128(mediaHeader.duration) * movieTS
        }
        return FrameTiming.ExactTime(start + end, per: 2 * movieTS * mediaTS)
    }

    /// The movie's and the media's timescales for exact sums (a zero one, which a damaged
    /// header can give, counts as 1 so nothing divides by zero).
    private func exactTimescales(_ movieTimescale: UInt32) -> (movie: Int128, media: Int128) {
        (Int128(max(1, movieTimescale)), Int128(max(1, mediaHeader.timescale)))
    }

    /// The span (seconds) of the movie timeline where this track shows media.
    public func presentedSpan(movieTimescale: UInt32) -> (start: Double, end: Double) {
        var duration = durationSeconds(movieTimescale: movieTimescale)
        if duration == 0 { duration = Double(mediaHeader.duration) / Double(mediaHeader.timescale) }
        return EditList.presentedSpan(edits: edits, trackDuration: duration, movieTimescale: movieTimescale)
    }
}
