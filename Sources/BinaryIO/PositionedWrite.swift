#if canImport(Glibc)
import Glibc
#endif

/// The one positioned write loop: all of `bytes` at `offset` of `fd`, retrying on EINTR and on
/// short writes; a failure names errno's reason (ENOSPC, EFBIG under `ulimit -f`, ...).
public enum PositionedWrite {
    public static func writeAll(_ bytes: [UInt8], to fd: Int32, at offset: UInt64) throws {
        var done = 0
        try bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ParseError(.io, "write failed: \(FileSource.describe(errno))")
                }
                done += n
            }
        }
    }
}
