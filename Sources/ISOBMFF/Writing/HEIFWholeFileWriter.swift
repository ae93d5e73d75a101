import BinaryIO

/// Writes an edited HEIF file whole into a temporary file beside `targetPath` (fsynced, not
/// committed): the boxes before `meta` copied, the new `meta`, the rest copied (with the item's
/// bytes overwritten when they go in place), then the appended `mdat`, then someone's trailer
/// if the file ends with one (an interrupted append of ours is left out). Used for a new output
/// file and when `meta` changes size.
public enum HEIFWholeFileWriter {
    /// - Parameter syncing: false leaves the fsync to the caller (`convert` makes a batch's
    ///   outputs durable at once, after they are in place).
    public static func prepare(_ edit: HEIFItemEdit, targetPath: String, modeFrom: String? = nil, syncing: Bool = true) throws -> AtomicFileWriter {
        let file = edit.file
        let source = file.source
        let meta = file.metaHeader
        let writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: modeFrom)
        do {
            // Original bytes [from, to), with the item's new bytes laid over them where they go in place.
            func copy(_ from: UInt64, _ to: UInt64) throws {
                guard let patch = edit.patchOffset, patch >= from, patch < to else {
                    return try writer.copy(from: source, offset: from, count: to - from)
                }
                try writer.copy(from: source, offset: from, count: patch - from)
                try writer.write(edit.data)
                let resume = patch + UInt64(edit.data.count)
                try writer.copy(from: source, offset: resume, count: to - resume)
            }
            try copy(0, meta.offset)
            try writer.write(edit.metaBytes)
            // The new `mdat` goes after the last box, before someone's trailer (kept last).
            let appendAt = file.appendOffset
            try copy(meta.end, appendAt)
            try writer.write(edit.appendedBytes)
            try copy(appendAt, file.keptLength)
            if syncing { try writer.sync() }
        } catch {
            writer.discard()
            throw error
        }
        return writer
    }
}
