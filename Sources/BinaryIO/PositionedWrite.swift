#if canImport(Glibc)
import Glibc
#endif

/// The one positioned write loop: every byte written to a file goes through it (the atomic
/// writer's temporary file, the tail edits). All of `bytes` at `offset` of `fd`, retrying on
/// EINTR and on short writes; a failure keeps errno (ENOSPC, EFBIG under `ulimit -f`, ...).
public enum PositionedWrite {
    public static func writeAll(_ bytes: [UInt8], to fd: Int32, at offset: UInt64) throws {
        try bytes.withUnsafeBytes { try writeAll(raw: $0, to: fd, at: offset) }
    }

    public static func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32, at offset: UInt64) throws {
        try bytes.withUnsafeBytes { try writeAll(raw: $0, to: fd, at: offset) }
    }

    public static func writeAll(raw: UnsafeRawBufferPointer, to fd: Int32, at offset: UInt64) throws {
        guard let base = raw.baseAddress else { return }
        var done = 0
        while done < raw.count {
            let n = pwrite(fd, base + done, raw.count - done, off_t(offset) + off_t(done))
            if n < 0 {
                if errno == EINTR { continue }
                throw ParseError.system(Errno.current, "write failed")
            }
            done += n
        }
    }
}
