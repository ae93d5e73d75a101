import BinaryIO

/// A movie file opened for reading: top-level box headers, the `moov` read into memory and
/// parsed, and the `ftyp` brand. Media data is never read here.
public struct MovieFile {
    /// `moov` is held in memory; a fixed bound keeps a hostile size from allocating without limit.
    public static let maximumMoovSize: UInt64 = 256 << 20

    public let source: FileSource
    public let topLevel: TopLevelBoxes
    public let moovHeader: BoxHeader
    public let movie: Movie
    public let majorBrand: FourCC?
    public let compatibleBrands: [FourCC]
    /// The largest chunk offset of any track of the active `moov` (0 without media): bytes
    /// past it hold no chunk start, which tells a trailer from cut-off media.
    public let lastChunkOffset: UInt64
    /// An append of ours that was never committed (see `InterruptedAppendRecovery`): players
    /// and this reader ignore it, the next `pair` cuts it.
    public let interruptedAppend: InterruptedAppend?
    /// Where bytes after the last box start that are not boxes and not ours (a vendor's
    /// trailer, e.g. Samsung's `SEFH`…`SEFT`): read past, reported, kept by every write.
    public let trailerOffset: UInt64?

    public static func open(path: String) throws -> MovieFile {
        try MovieFile(source: FileSource(path: path))
    }

    public init(source: FileSource) throws {
        self.source = source
        topLevel = try TopLevelBoxes.scan(source)
        if let moof = topLevel.first("moof") {
            throw ParseError(.unsupported, "fragmented movie (moof) is not supported", path: "moof", offset: moof.offset)
        }
        let fileType = try FileTypeBox.read(source, topLevel)
        majorBrand = fileType?.majorBrand
        compatibleBrands = fileType?.compatibleBrands ?? []
        let moovs = topLevel.all("moov")
        guard let moov = moovs.first else {
            // An ISO-BMFF image (HEIC/AVIF: ftyp + meta, no moov) lands here; say which brand it is.
            let what = majorBrand.map { "a file of brand '\($0)'" } ?? "the file"
            throw ParseError(.invalidValue, "no 'moov' box: \(what) is not a complete movie (top-level boxes: \(topLevel.boxes.prefix(8).map(\.type.description).joined(separator: " ")))", path: "", offset: 0)
        }
        guard moov.size <= MovieFile.maximumMoovSize else {
            throw ParseError(.tooLarge, "'moov' of \(moov.size) bytes exceeds the \(MovieFile.maximumMoovSize >> 20) MiB bound", path: "moov", offset: moov.offset)
        }
        moovHeader = moov
        // "moov" names a failed read; the parser names the boxes itself, from an empty path.
        var reader = try source.reader(at: moov.offset, count: Int(moov.size), path: "moov")
        reader.path = ""
        let atom = try AtomParser.parseBox(&reader, limit: moov.end, parentPath: "", parentType: nil, siblingIndex: nil, depth: 0)
        movie = try Movie(moov: atom)
        lastChunkOffset = MovieFile.lastChunkOffset(movie.tracks.map(\.sampleTable))
        try MovieFile.checkTail(topLevel, lastChunkOffset: lastChunkOffset)
        interruptedAppend = InterruptedAppendRecovery.find(in: topLevel, source: source)
        trailerOffset = InterruptedAppendRecovery.trailerOffset(in: topLevel, besides: interruptedAppend)
        if movie.isFragmented {
            throw ParseError(.unsupported, "fragmented movie (mvex) is not supported", path: "moov/mvex", offset: moov.offset)
        }
        try MovieFile.checkSamples(movie.tracks.map { track in (track.sampleTable, track.atom, track.path) }, fileSize: source.size, moovOffset: moov.offset)
    }

    // The checks below are the one definition for the parsed tree and for a scan's spans.

    static func lastChunkOffset(_ tables: [SampleTable]) -> UInt64 {
        tables.compactMap { $0.chunkOffsets.offsets.max() }.max() ?? 0
    }

    /// Bytes after the last box that hold no chunk start are a trailer (ours, interrupted, or
    /// someone's); a chunk starting there means the media itself was cut off.
    static func checkTail(_ topLevel: TopLevelBoxes, lastChunkOffset: UInt64) throws {
        if let tail = topLevel.incompleteTailOffset, tail <= lastChunkOffset {
            throw ParseError(.truncated, "truncated: a box runs past the end of the file", path: "", offset: tail)
        }
    }

    /// Every track's samples could lie in the file: a constant-size count within its size, no chunk past its end.
    static func checkSamples<Box: BoxNode>(_ tracks: [(table: SampleTable, trak: Box, path: String)], fileSize: UInt64, moovOffset: UInt64) throws {
        for track in tracks {
            try RelativeBoxPath.reading(under: { track.path + "/mdia/minf/stbl/stsz" }) { path in
                try track.table.validateSampleCount(fileSize: fileSize, path: path, offset: track.trak.find("mdia", "minf", "stbl", "stsz")?.originalOffset ?? moovOffset)
            }
        }
        for track in tracks {
            if let last = track.table.chunkOffsets.offsets.max(), last >= fileSize, track.table.sampleCount > 0 {
                throw ParseError(.truncated, "truncated: media data lies past the end of the file (\(fileSize) bytes)", path: track.path + "/mdia/minf/stbl", offset: last)
            }
        }
    }

    /// What the reader accepted leniently instead of refusing the file: optional boxes kept as
    /// bytes because their contents did not parse, extra `moov` boxes, an interrupted edit's
    /// leftovers. `inspect` prints them; pairing keeps such bytes as they are.
    public var warnings: [String] {
        var found: [String] = []
        movie.moov.visit { atom, path in
            guard let reason = atom.unparsedReason else { return }
            found.append("\(path) at offset \(atom.originalOffset ?? 0) does not parse as boxes, kept as bytes: \(reason)")
        }
        let moovs = topLevel.all("moov")
        if moovs.count > 1 {
            found.append("\(moovs.count) 'moov' boxes: the first, at offset \(moovHeader.offset), is the one read")
        }
        return found + InterruptedAppendRecovery.warnings(append: interruptedAppend, trailerOffset: trailerOffset, fileSize: topLevel.fileSize)
    }

    /// Whether `moov` comes before every `mdat` (a "fast start" layout).
    public var moovBeforeMedia: Bool {
        let mdats = topLevel.all("mdat")
        return mdats.allSatisfy { $0.offset > moovHeader.offset }
    }

    /// QuickTime when the major brand is `qt  ` or there is no `ftyp` (old QuickTime and some iPhone files).
    public var isQuickTime: Bool { majorBrand == nil || majorBrand == "qt  " }

    /// Reads the bytes of sample `index` of `track`, bounded by the file.
    public func sampleBytes(track: Track, index: Int, maximum: Int = 1 << 20) throws -> [UInt8] {
        let ranges = try track.sampleTable.sampleRanges(path: track.path)
        guard index < ranges.count else { throw ParseError(.invalidValue, "no sample \(index)", path: track.path, offset: track.offset) }
        let r = ranges[index]
        guard Int(r.size) <= maximum else { throw ParseError(.tooLarge, "sample of \(r.size) bytes", path: track.path, offset: r.offset) }
        return try source.read(at: r.offset, count: Int(r.size), path: track.path + " sample \(index + 1)")
    }
}
