import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Finds and removes what an interrupted tail edit (`TailAppendMovieWrite`) leaves behind:
/// after the file's first `moov`, a small `mdat`, then a second `moov` or a torn box. The
/// first `moov` is still the one players use, so cutting the rest restores the original file.
public enum InterruptedAppendRecovery {
    /// The largest appended `mdat` a tail edit writes is a few samples; anything bigger is real media.
    static let maximumAppendedMedia: UInt64 = 4096

    /// The offset to truncate the file back to, or nil when the file shows no interrupted append.
    public static func leftoverStart(in topLevel: TopLevelBoxes) -> UInt64? {
        guard let moovIndex = topLevel.boxes.firstIndex(where: { $0.type == "moov" }) else { return nil }
        let first = topLevel.boxes[moovIndex]
        let after = Array(topLevel.boxes[(moovIndex + 1)...])
        let torn = topLevel.incompleteTailOffset != nil
        switch after.count {
        case 0:
            return torn ? first.end : nil
        case 1:
            let box = after[0]
            if box.type == "mdat" && box.size <= maximumAppendedMedia && torn { return first.end }
            return nil
        case 2:
            let (media, movie) = (after[0], after[1])
            if media.type == "mdat" && media.size <= maximumAppendedMedia && movie.type == "moov" && !torn { return first.end }
            return nil
        default:
            return nil
        }
    }

    /// Truncates `path` back to `length` and fsyncs it.
    public static func truncate(path: String, to length: UInt64) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw ParseError(.io, "cannot open for writing: \(FileSource.describe(errno))") }
        defer { close(fd) }
        guard ftruncate(fd, off_t(length)) == 0, fsync(fd) == 0 else {
            throw ParseError(.io, "cannot clean up an interrupted edit: \(FileSource.describe(errno))")
        }
    }
}
