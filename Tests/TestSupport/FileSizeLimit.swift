import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file size limit (`ulimit -f`) for the length of one call, to make a write fail part-way
/// with EFBIG. The limit is the whole process's: use it only inside an exit test's child.
public enum FileSizeLimit {
    /// Runs `body` with writes past `bytes` failing (SIGXFSZ ignored, so they fail with EFBIG
    /// instead of ending the process), then puts the limit back. Exits with 3 when the limit
    /// cannot be read or set: the child's test then fails on its exit status.
    public static func during<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
        signal(SIGXFSZ, SIG_IGN)
        var saved = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved) == 0 else { exit(3) }
        var capped = saved
        capped.rlim_cur = rlim_t(bytes)
        guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &capped) == 0 else { exit(3) }
        defer { if setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved) != 0 { exit(3) } }
        return try body()
    }
}
