import BinaryIO

/// A movie written from scratch: `ftyp`, then `moov` (a "fast start" file: players read the
/// tracks before the media), then one `mdat` holding every track's chunks in order. Each
/// track's chunk offsets are filled in here, the only place that knows where the media goes.
public struct NewMovieImage {
    /// A built `trak` with the bytes of its chunks, as many as its sample table declares.
    public struct Media {
        public var trak: Atom
        public var chunks: [[UInt8]]
        public init(trak: Atom, chunks: [[UInt8]]) { self.trak = trak; self.chunks = chunks }
    }

    public let fileType: Atom
    public let moov: Atom
    public let media: [Media]

    /// Lays out `moov` (its tracks in the order of `media`, before `others` such as `meta`) and
    /// points every chunk offset at its bytes in the `mdat` after it.
    public init(fileType: FileTypeBox = .quickTime, header: MovieHeader, media: [Media], others: [Atom]) throws {
        self.fileType = fileType.atom()
        self.media = media
        let payload = Self.mediaSize(media)
        let large = payload + 8 > UInt64(UInt32.max)
        moov = Atom(type: "moov", children: [header.atom()] + media.map(\.trak) + others)
        // Offsets past 4 GiB need `co64`, which changes the size of `moov`: decide before placing.
        let wide = large || UInt64(self.fileType.size) + moov.size + 16 + payload > UInt64(UInt32.max)
        // The tables at their final width first: `moov` then has its final size.
        for m in media { try Self.setOffsets(m, is64Bit: wide, from: 0) }
        var position = self.fileType.size + moov.size + (large ? 16 : 8)
        for m in media {
            try Self.setOffsets(m, is64Bit: wide, from: position)
            position += m.chunks.reduce(UInt64(0)) { $0 + UInt64($1.count) }
        }
    }

    /// Writes the file through `writer` (not synced, not committed).
    public func write(to writer: AtomicFileWriter) throws {
        try writer.write(fileType.serialized())
        try writer.write(moov.serialized())
        try writer.write(BoxHeader.bytes(type: "mdat", payloadSize: Self.mediaSize(media)))
        for m in media { for chunk in m.chunks { try writer.write(chunk) } }
    }

    /// Writes the file to a temporary file beside `targetPath` and fsyncs it; the caller commits
    /// (renames) or discards it.
    public func prepare(targetPath: String) throws -> AtomicFileWriter {
        let writer = try AtomicFileWriter(targetPath: targetPath)
        do {
            try write(to: writer)
            try writer.sync()
        } catch {
            writer.discard()
            throw error
        }
        return writer
    }

    static func mediaSize(_ media: [Media]) -> UInt64 {
        media.reduce(UInt64(0)) { $0 + $1.chunks.reduce(UInt64(0)) { $0 + UInt64($1.count) } }
    }

    private static func setOffsets(_ m: Media, is64Bit: Bool, from start: UInt64) throws {
        guard let stbl = m.trak.find("mdia", "minf", "stbl") else {
            throw ParseError(.invalidValue, "a built track has no sample table", path: "moov/trak", offset: 0)
        }
        var offsets: [UInt64] = []
        var position = start
        for chunk in m.chunks { offsets.append(position); position += UInt64(chunk.count) }
        stbl.replaceChunkOffsets(with: ChunkOffsetTable(offsets: offsets, is64Bit: is64Bit))
    }
}
