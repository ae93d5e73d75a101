import BinaryIO

/// Where each piece of the output movie goes, with every chunk offset made to point at the
/// new position of the bytes it pointed at. Offsets are absolute, so a `moov` that grows in
/// front of the media shifts them; a shifted offset past 4 GiB turns its table into `co64`,
/// which grows `moov` again: `OffsetFixup` repeats the layout until the `moov` size settles.
struct MovieLayout {
    enum Piece {
        /// A top-level box of the source, copied byte for byte.
        case copy(BoxHeader)
        /// A top-level box of the source whose size field is 0 ("to the end of the file") but
        /// that is no longer last: a header with its explicit size, then its payload copied.
        case copyWithExplicitSize(BoxHeader)
        /// The edited `moov`.
        case movie
        /// A replacement box (e.g. `ftyp`).
        case atom(Atom)
        /// The new `mdat` holding the appended samples.
        case appendedMedia
        /// Bytes after the source's last box that are not boxes (someone's trailer), copied as
        /// they are, last.
        case trailer(offset: UInt64, count: UInt64)
    }

    let pieces: [Piece]
    /// Absolute output offset of the first piece (non-zero when appending to an existing file).
    let base: UInt64
    private(set) var offsets: [UInt64] = []
    private(set) var moovBytes: [UInt8] = []

    var appendedMediaHeaderSize: Int { 8 }

    init(pieces: [Piece], base: UInt64, plan: MovieRewritePlan) throws {
        self.pieces = pieces
        self.base = base
        try settle(plan)
    }

    private func size(of piece: Piece, plan: MovieRewritePlan) -> UInt64 {
        switch piece {
        case .copy(let h): return h.size
        case .copyWithExplicitSize(let h): return UInt64(Self.explicitHeaderSize(h)) + h.payloadSize
        case .movie: return plan.moov.size
        case .atom(let a): return a.size
        case .appendedMedia: return UInt64(appendedMediaHeaderSize + plan.appendedMedia.count)
        case .trailer(_, let count): return count
        }
    }

    /// The new position of source offset `old`, via the copied box that holds it. In an
    /// append (base > 0) the source stays where it is.
    private func shifted(_ old: UInt64, plan: MovieRewritePlan, path: String) throws -> UInt64 {
        if base > 0 { return old }
        for (i, piece) in pieces.enumerated() {
            switch piece {
            case .copy(let h) where old >= h.offset && old < h.end:
                return offsets[i] + (old - h.offset)
            case .copyWithExplicitSize(let h) where old >= h.payloadOffset && old < h.end:
                return offsets[i] + UInt64(Self.explicitHeaderSize(h)) + (old - h.payloadOffset)
            default:
                continue
            }
        }
        throw ParseError(.invalidValue, "chunk offset \(old) points outside the movie's media data", path: path, offset: old)
    }

    /// Places every piece assuming the `moov` size, moves every chunk offset, and repeats
    /// (`OffsetFixup`) until moving them left `moov` the size it was placed with.
    private mutating func settle(_ plan: MovieRewritePlan) throws {
        try OffsetFixup.settle(from: plan.moov.size, failure: ParseError(.invalidValue, "movie layout did not settle", path: "moov", offset: 0)) { _ in
            var position = base
            offsets = pieces.map { piece in
                defer { position += size(of: piece, plan: plan) }
                return position
            }
            for (stbl, table) in plan.carriedTables {
                var moved = table
                try moved.relocateOffsets { try shifted($0, plan: plan, path: "moov/trak/mdia/minf/stbl/stco") }
                stbl.replaceChunkOffsets(with: moved)
            }
            if let i = pieces.firstIndex(where: { if case .appendedMedia = $0 { return true }; return false }) {
                let start = offsets[i] + UInt64(appendedMediaHeaderSize)
                for (stbl, relative) in plan.appendedTables {
                    stbl.replaceChunkOffsets(with: ChunkOffsetTable(offsets: relative.map { start + $0 }, is64Bit: false))
                }
            }
            return plan.moov.size
        }
        moovBytes = plan.moov.serialized()
    }

    /// Bytes of all pieces together.
    func totalSize(plan: MovieRewritePlan) -> UInt64 {
        pieces.reduce(UInt64(0)) { $0 + size(of: $1, plan: plan) }
    }

    /// The header size a box gets when its explicit size is written: 8, or 16 past 4 GiB
    /// (plus a `uuid`'s extended type).
    static func explicitHeaderSize(_ h: BoxHeader) -> Int {
        let extra = h.userType == nil ? 0 : 16
        return (h.payloadSize + UInt64(8 + extra) <= UInt64(UInt32.max) ? 8 : 16) + extra
    }

    /// The bytes of a non-copied piece.
    func bytes(of piece: Piece, plan: MovieRewritePlan) -> [UInt8] {
        switch piece {
        case .copy, .trailer: return []
        case .copyWithExplicitSize(let h):
            // Only the header: the payload is copied from the source.
            let size = UInt64(Self.explicitHeaderSize(h)) + h.payloadSize
            var w = ByteWriter(capacity: 32)
            BoxHeader.write(type: h.type, size: size, into: &w)
            if let user = h.userType { w.append(user) }
            return w.bytes
        case .movie: return moovBytes
        case .atom(let a): return a.serialized()
        case .appendedMedia:
            return BoxHeader.bytes(type: "mdat", payloadSize: UInt64(plan.appendedMedia.count)) + plan.appendedMedia
        }
    }
}
