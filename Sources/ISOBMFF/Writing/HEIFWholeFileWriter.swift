import BinaryIO

/// Writes an edited HEIF file whole into a temporary file beside `targetPath` (fsynced, not
/// committed): the boxes before `meta` copied, the new `meta`, the rest copied (with the items'
/// bytes overwritten where they go in place), then the appended `mdat` boxes, then someone's trailer
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
            // Original bytes [from, to), with the items' new bytes laid over them where they go in place.
            let patches = edit.patches
            func copy(_ from: UInt64, _ to: UInt64) throws {
                var at = from
                for patch in patches where patch.offset >= at && patch.offset < to {
                    try writer.copy(from: source, offset: at, count: patch.offset - at)
                    try writer.write(patch.data)
                    at = patch.offset + UInt64(patch.data.count)
                }
                try writer.copy(from: source, offset: at, count: to - at)
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
