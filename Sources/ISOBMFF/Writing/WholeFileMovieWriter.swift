import BinaryIO

/// Writes the edited movie as a whole new file through a temporary file beside the target:
/// every top-level box copied byte for byte except `moov` (edited, same place) and an
/// optional replacement `ftyp`, plus a new `mdat` with the appended samples at the end.
/// The result is fsynced but not yet renamed: the caller commits or discards it.
public enum WholeFileMovieWriter {
    public static func prepare(_ plan: MovieRewritePlan, targetPath: String, modeFrom: String? = nil) throws -> AtomicFileWriter {
        let image = try MovieFileImage(plan)
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

    public init(_ plan: MovieRewritePlan) throws {
        self.plan = plan
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
                // A second `moov` is left over from an interrupted append; the first one rules.
                continue
            case "ftyp" where plan.replacementFileType != nil && !wroteFileType:
                pieces.append(.atom(plan.replacementFileType!))
                wroteFileType = true
            default:
                pieces.append(.copy(box))
            }
        }
        if !plan.appendedMedia.isEmpty { pieces.append(.appendedMedia) }
        layout = try MovieLayout(pieces: pieces, base: 0, plan: plan)
    }

    /// Bytes the movie takes.
    public var size: UInt64 { layout.totalSize(plan: plan) }

    public func write(to writer: AtomicFileWriter) throws {
        for piece in layout.pieces {
            if case .copy(let box) = piece {
                try writer.copy(from: plan.file.source, offset: box.offset, count: box.size)
            } else {
                try writer.write(layout.bytes(of: piece, plan: plan))
            }
        }
    }
}
