import BinaryIO

/// What a library scan needs of a movie: its identifier, creation date, header times and how
/// many still-image-time tracks it has.
///
/// `read(_:)` gets them over `BoxSpan`s of the `moov`, by the same readers `MovieFile` runs over
/// its tree (headers, tracks, sample tables, metadata) and the same checks after them, without
/// building and freeing the tree: most of a warm scan's time went there. Anything unusual (an
/// error of any kind, a damaged box the tree would keep as bytes) gives nil, and the caller
/// opens `MovieFile`, whose reading or error is then the answer: a movie scans as it opens.
public struct MovieScanFacts: Equatable {
    public let contentIdentifier: String?
    public let creationDate: String?
    public let stillImageTimeTracks: Int
    public let header: MovieHeader

    /// The facts of a movie already opened.
    public init(_ movie: Movie) {
        contentIdentifier = movie.contentIdentifier
        creationDate = movie.creationDate
        stillImageTimeTracks = movie.stillImageTimeTracks.count
        header = movie.header
    }

    /// The facts read in place, or nil where `MovieFile` must decide.
    public static func read(_ source: FileSource) -> MovieScanFacts? {
        try? MovieScanFacts(spansOf: source)
    }

    struct Unusual: Error {}

    init(spansOf source: FileSource) throws {
        let topLevel = try TopLevelBoxes.scan(source)
        // The cases `MovieFile` refuses or reports are its own to word.
        guard topLevel.first("moof") == nil else { throw Unusual() }
        _ = try FileTypeBox.read(source, topLevel)
        guard let moov = topLevel.all("moov").first, moov.size <= MovieFile.maximumMoovSize else { throw Unusual() }
        let root = try BoxSpan.root(try source.reader(at: moov.offset, count: Int(moov.size), path: "moov"), limit: moov.end)
        try root.validateTree()
        header = try Movie.header(of: root)
        let traks = root.children("trak")
        var tracks: [(table: SampleTable, trak: BoxSpan, path: String)] = []
        var stillTracks = 0
        for (i, trak) in traks.enumerated() {
            let path = Movie.trackPath(i, of: traks.count)
            let parts = try TrackParts(trak, path: path)
            if parts.isStillImageTime { stillTracks += 1 }
            tracks.append((parts.sampleTable, trak, path))
        }
        stillImageTimeTracks = stillTracks
        let (metadata, userData) = try Movie.metadata(of: root)
        contentIdentifier = Movie.string(Movie.contentIdentifierKey, metadata, userData)
        creationDate = Movie.string(Movie.creationDateKey, metadata, userData)
        try MovieFile.checkTail(topLevel, lastChunkOffset: MovieFile.lastChunkOffset(tracks.map(\.table)))
        guard root.child("mvex") == nil else { throw Unusual() }
        try MovieFile.checkSamples(tracks, fileSize: source.size, moovOffset: moov.offset)
    }
}
