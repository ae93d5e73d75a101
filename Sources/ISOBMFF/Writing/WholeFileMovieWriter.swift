import BinaryIO

/// Writes the edited movie as a whole new file through a temporary file beside the target:
/// every top-level box copied byte for byte except `moov` (edited) and an optional replacement
/// `ftyp`, plus a new `mdat` with the appended samples at the end. The `moov` stays where it
/// was, or with `moovFirst` goes before the first `mdat` (a "fast start" file), with every
/// chunk offset shifted to match. A box of size 0 ("to the end of the file") that no longer
/// ends the file gets its explicit size. The result is fsynced but not yet renamed: the
/// caller commits or discards it.
public enum WholeFileMovieWriter {
    public static func prepare(_ plan: MovieRewritePlan, targetPath: String, modeFrom: String? = nil, moovFirst: Bool = false) throws -> AtomicFileWriter {
        let image = try MovieFileImage(plan, moovFirst: moovFirst)
        let writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
        do {
            try image.write(to: writer)
            try writer.sync()
        } catch {
            writer.discard()
            throw error
        }
        return writer
    }
}

/// The laid-out bytes of an edited movie as one whole file: its size is known before anything
/// is written, and it can be written into a writer that already holds other bytes (a Motion
/// Photo's still), since its chunk offsets count from the movie's own first byte.
public struct MovieFileImage {
    let plan: MovieRewritePlan
    let layout: MovieLayout

    public init(_ plan: MovieRewritePlan, moovFirst: Bool = false) throws {
        self.plan = plan
        layout = try MovieLayout(pieces: Self.pieces(plan, moovFirst: moovFirst), base: 0, plan: plan)
    }

    /// Bytes the movie takes.
    public var size: UInt64 { layout.totalSize(plan: plan) }

    public func write(to writer: AtomicFileWriter) throws {
        let source = plan.file.source
        for piece in layout.pieces {
            switch piece {
            case .copy(let box):
                try writer.copy(from: source, offset: box.offset, count: box.size)
            case .copyWithExplicitSize(let box):
                try writer.write(layout.bytes(of: piece, plan: plan))
                try writer.copy(from: source, offset: box.payloadOffset, count: box.payloadSize)
            case .trailer(let offset, let count):
                try writer.copy(from: source, offset: offset, count: count)
            default:
                try writer.write(layout.bytes(of: piece, plan: plan))
            }
        }
    }

    /// The output, piece by piece.
    static func pieces(_ plan: MovieRewritePlan, moovFirst: Bool) -> [MovieLayout.Piece] {
        let file = plan.file
        var pieces: [MovieLayout.Piece] = []
        var wroteFileType = false
        if let ftyp = plan.replacementFileType, file.topLevel.first("ftyp") == nil {
            pieces.append(.atom(ftyp))
            wroteFileType = true
        }
        var seenMovie = false
        for box in file.topLevel.boxes {
            switch box.type {
            case "moov" where !seenMovie:
                pieces.append(.movie)
                seenMovie = true
            case "moov":
                // A second `moov` is someone else's (ours, uncommitted, are cut before a pair
                // reads the movie): carried, ignored by players as before.
                pieces.append(.copy(box))
            case "ftyp" where !wroteFileType && plan.replacementFileType != nil:
                if let replacement = plan.replacementFileType { pieces.append(.atom(replacement)) }
                wroteFileType = true
            default:
                pieces.append(box.runsToEnd ? .copyWithExplicitSize(box) : .copy(box))
            }
        }
        if moovFirst, let movieAt = pieces.firstIndex(where: { if case .movie = $0 { return true }; return false }),
           let mediaAt = pieces.firstIndex(where: { if case .copy(let h) = $0 { return h.type == "mdat" }; if case .copyWithExplicitSize(let h) = $0 { return h.type == "mdat" }; return false }),
           mediaAt < movieAt {
            pieces.remove(at: movieAt)
            pieces.insert(.movie, at: mediaAt)
        }
        if !plan.appendedMedia.isEmpty { pieces.append(.appendedMedia) }
        // Only the last piece may keep a size of 0.
        if let last = pieces.indices.last, case .copyWithExplicitSize(let box) = pieces[last] { pieces[last] = .copy(box) }
        // Someone's trailer stays last (readers such as Samsung's look for it at the end).
        if let trailer = file.trailerOffset { pieces.append(.trailer(offset: trailer, count: file.topLevel.fileSize - trailer)) }
        return pieces
    }
}
