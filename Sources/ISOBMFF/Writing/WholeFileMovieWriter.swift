import BinaryIO

/// Writes the edited movie as a whole new file through a temporary file beside the target:
/// every top-level box copied byte for byte except `moov` (edited, same place) and an
/// optional replacement `ftyp`, plus a new `mdat` with the appended samples at the end.
/// The result is fsynced but not yet renamed: the caller commits or discards it.
public enum WholeFileMovieWriter {
    public static func prepare(_ plan: MovieRewritePlan, targetPath: String, modeFrom: String? = nil) throws -> AtomicFileWriter {
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
        // A box "to the end of the file" that no longer ends the file gets its real size.
        for (i, piece) in pieces.enumerated() where i < pieces.count - 1 {
            if case .copy(let box) = piece, box.runsToEnd { pieces[i] = .copySized(box) }
        }
        let layout = try MovieLayout(pieces: pieces, base: 0, plan: plan)

        let writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
        do {
            for piece in layout.pieces {
                if case .copy(let box) = piece {
                    try writer.copy(from: file.source, offset: box.offset, count: box.size)
                } else if case .copySized(let box) = piece {
                    try writer.write(layout.bytes(of: piece, plan: plan))
                    try writer.copy(from: file.source, offset: box.payloadOffset, count: box.payloadSize)
                } else {
                    try writer.write(layout.bytes(of: piece, plan: plan))
                }
            }
            try writer.sync()
        } catch {
            writer.discard()
            throw error
        }
        return writer
    }
}
