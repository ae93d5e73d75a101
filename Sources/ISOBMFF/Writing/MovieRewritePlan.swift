import BinaryIO

/// An edit of a movie's `moov`, ready to be laid out and written: the edited atom tree, the
/// chunk offset tables of the tracks carried over (to be shifted when media moves), and
/// samples to append in a new `mdat` at the end of the file.
public final class MovieRewritePlan {
    public let file: MovieFile
    /// The movie's atom tree, edited in place.
    public let moov: Atom
    /// A replacement `ftyp` (e.g. to write an MP4 as QuickTime); nil keeps the original.
    public var replacementFileType: Atom?

    /// Each carried-over `stbl` with its chunk offsets as read from the source file.
    private(set) var carriedTables: [(stbl: Atom, table: ChunkOffsetTable)] = []
    /// Bytes of the new `mdat` payload appended at the end.
    public private(set) var appendedMedia: [UInt8] = []
    /// New tracks' `stbl`s with their chunk offsets relative to the start of `appendedMedia`.
    private(set) var appendedTables: [(stbl: Atom, relativeOffsets: [UInt64])] = []

    public init(file: MovieFile) {
        self.file = file
        self.moov = file.movie.moov
        for track in file.movie.tracks {
            if let stbl = track.atom.find("mdia", "minf", "stbl") {
                carriedTables.append((stbl, track.sampleTable.chunkOffsets))
            }
        }
    }

    /// Appends `bytes` as one chunk of the track whose `stbl` is given.
    public func appendChunk(_ bytes: [UInt8], forTrackTable stbl: Atom) {
        let relative = UInt64(appendedMedia.count)
        appendedMedia.append(contentsOf: bytes)
        if let i = appendedTables.firstIndex(where: { $0.stbl === stbl }) {
            appendedTables[i].relativeOffsets.append(relative)
        } else {
            appendedTables.append((stbl, [relative]))
        }
    }

    /// An `ftyp` atom declaring QuickTime.
    public static func quickTimeFileType() -> Atom { FileTypeBox.quickTime.atom() }
}

extension Atom {
    /// Replaces this `stbl`'s `stco`/`co64` child with `table` (keeping its position).
    func replaceChunkOffsets(with table: ChunkOffsetTable) {
        guard var list = children else { return }
        let atom = table.atom()
        if let i = list.firstIndex(where: { $0.type == "stco" || $0.type == "co64" }) { list[i] = atom } else { list.append(atom) }
        children = list
    }
}

extension MovieRewritePlan {
    /// The edited `moov` as the reader sees it once written: serialized, then parsed by the
    /// same code that opens a movie (`MovieFile`). A throw means the edit would leave a movie
    /// that our own `verify` could not read, so it must not be written.
    public func readBack() throws -> Movie {
        let bytes = moov.serialized()
        var reader = ByteReader(bytes, path: "")
        let atom = try AtomParser.parseBox(&reader, limit: UInt64(bytes.count), parentPath: "", parentType: nil, siblingIndex: nil, depth: 0)
        return try Movie(moov: atom)
    }
}
