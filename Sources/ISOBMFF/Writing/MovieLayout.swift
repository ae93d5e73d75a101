import BinaryIO

/// Where each piece of the output movie goes, with every chunk offset made to point at the
/// new position of the bytes it pointed at. Offsets are absolute, so a `moov` that grows in
/// front of the media shifts them; a shifted offset past 4 GiB turns its table into `co64`,
/// which grows `moov` again, so the layout is recomputed until the `moov` size settles.
struct MovieLayout {
    enum Piece {
        /// A top-level box of the source, copied byte for byte.
        case copy(BoxHeader)
        /// A source box declared with size 0 ("to the end of the file") that is no longer last:
        /// a header with its real size, then its payload copied byte for byte.
        case copySized(BoxHeader)
        /// The edited `moov`.
        case movie
        /// A replacement box (e.g. `ftyp`).
        case atom(Atom)
        /// The new `mdat` holding the appended samples.
        case appendedMedia
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
        case .copySized(let h): return UInt64(MovieLayout.sizedHeader(h).count) + h.payloadSize
        case .movie: return plan.moov.size
        case .atom(let a): return a.size
        case .appendedMedia: return UInt64(appendedMediaHeaderSize + plan.appendedMedia.count)
        }
    }

    /// The new position of source offset `old`, via the copied box that holds it. In an
    /// append (base > 0) the source stays where it is.
    private func shifted(_ old: UInt64, plan: MovieRewritePlan, path: String) throws -> UInt64 {
        if base > 0 { return old }
        for (i, piece) in pieces.enumerated() {
            if case .copy(let h) = piece, old >= h.offset, old < h.end { return offsets[i] + (old - h.offset) }
            if case .copySized(let h) = piece, old >= h.payloadOffset, old < h.end {
                return offsets[i] + UInt64(MovieLayout.sizedHeader(h).count) + (old - h.payloadOffset)
            }
        }
        throw ParseError(.invalidValue, "chunk offset \(old) points outside the movie's media data", path: path, offset: old)
    }

    private mutating func settle(_ plan: MovieRewritePlan) throws {
        for _ in 0..<8 {
            let before = plan.moov.size
            var position = base
            offsets = pieces.map { piece in
                defer { position += size(of: piece, plan: plan) }
                return position
            }
            for (stbl, table) in plan.carriedTables {
                let moved = try table.offsets.map { try shifted($0, plan: plan, path: "moov/trak/mdia/minf/stbl/stco") }
                stbl.replaceChunkOffsets(with: ChunkOffsetTable(offsets: moved, is64Bit: table.is64Bit))
            }
            if let i = pieces.firstIndex(where: { if case .appendedMedia = $0 { return true }; return false }) {
                let start = offsets[i] + UInt64(appendedMediaHeaderSize)
                for (stbl, relative) in plan.appendedTables {
                    stbl.replaceChunkOffsets(with: ChunkOffsetTable(offsets: relative.map { start + $0 }, is64Bit: false))
                }
            }
            // Offsets were placed with the size `moov` had before this pass; done once it kept it.
            if plan.moov.size == before {
                moovBytes = plan.moov.serialized()
                return
            }
        }
        throw ParseError(.invalidValue, "movie layout did not settle", path: "moov", offset: 0)
    }

    /// The header of a size-0 box written with its real size (64-bit when it needs it).
    static func sizedHeader(_ h: BoxHeader) -> [UInt8] {
        var w = ByteWriter()
        let extra = h.userType?.count ?? 0
        let small = h.payloadSize + 8 + UInt64(extra)
        if small <= UInt64(UInt32.max) { w.u32(UInt32(small)); w.fourCC(h.type) } else { w.u32(1); w.fourCC(h.type); w.u64(small + 8) }
        if let u = h.userType { w.append(u) }
        return w.bytes
    }

    /// The bytes of a non-copied piece (for `copySized`, the new header; the payload is copied).
    func bytes(of piece: Piece, plan: MovieRewritePlan) -> [UInt8] {
        switch piece {
        case .copy: return []
        case .copySized(let h): return MovieLayout.sizedHeader(h)
        case .movie: return moovBytes
        case .atom(let a): return a.serialized()
        case .appendedMedia:
            var w = ByteWriter(capacity: 8 + plan.appendedMedia.count)
            w.u32(UInt32(8 + plan.appendedMedia.count)); w.fourCC("mdat"); w.append(plan.appendedMedia)
            return w.bytes
        }
    }
}
