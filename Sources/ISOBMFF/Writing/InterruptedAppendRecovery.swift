import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Finds and removes what an interrupted tail edit (`TailAppendMovieWrite`) leaves behind:
/// at the end of the file, a small `mdat` then a second `moov`, or a torn box. The first `moov`
/// is still the one players use, so cutting the rest restores the original file.
///
/// With `moov` last, everything after it is appended. With `moov` first (or anywhere), the
/// original file ends with media, so the leftover is told apart from a truncated original by
/// what the active `moov` references: no chunk of it may start in the bytes that are cut.
public enum InterruptedAppendRecovery {
    /// The largest appended `mdat` a tail edit writes is a few samples; anything bigger is real media.
    static let maximumAppendedMedia: UInt64 = 4096

    /// The offset to truncate the file back to, or nil when the file shows no interrupted append.
    /// Without `lastChunkOffset` (the `moov` not read yet) only leftovers right after the first
    /// `moov` count; with it, leftovers after media count when no chunk starts at or past them.
    public static func leftoverStart(in topLevel: TopLevelBoxes, lastChunkOffset: UInt64? = nil) -> UInt64? {
        guard let moovIndex = topLevel.boxes.firstIndex(where: { $0.type == "moov" }) else { return nil }
        let first = topLevel.boxes[moovIndex]
        let after = Array(topLevel.boxes[(moovIndex + 1)...])
        func appendedMedia(_ box: BoxHeader) -> Bool { box.type == "mdat" && box.size <= maximumAppendedMedia }
        let start: UInt64
        if let tornAt = topLevel.incompleteTailOffset {
            // Torn while appending: maybe the small mdat made it, the moov after it did not.
            if let last = after.last, appendedMedia(last) { start = last.offset } else { start = tornAt }
        } else if let last = after.last, appendedMedia(last) {
            // Cut right after the small mdat.
            start = last.offset
        } else {
            // Complete but not committed: ... small mdat, second moov.
            guard after.count >= 2, after[after.count - 1].type == "moov", appendedMedia(after[after.count - 2]) else { return nil }
            start = after[after.count - 2].offset
        }
        if let lastChunkOffset {
            return start > lastChunkOffset && start >= first.end ? start : nil
        }
        return start == first.end ? start : nil
    }

    /// The same, for an opened movie: its active `moov`'s chunk offsets tell where media ends.
    public static func leftoverStart(in file: MovieFile) -> UInt64? {
        leftoverStart(in: file.topLevel, lastChunkOffset: file.lastChunkOffset)
    }

    /// Truncates `path` back to `length` and fsyncs it.
    public static func truncate(path: String, to length: UInt64) throws {
        let fd = FileSystemCalls.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw ParseError.system(Errno.current, "cannot open for writing") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(length)) == 0, fsync(fd) == 0 else {
            throw ParseError.system(Errno.current, "cannot clean up an interrupted edit")
        }
    }
}
