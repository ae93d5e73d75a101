#if canImport(Glibc)
import Glibc
#endif

/// An operating-system error number kept as a value, so callers and tests can tell a full disk
/// (`ENOSPC`) from a read-only one (`EROFS`) without reading message text.
public struct Errno: RawRepresentable, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno`, read now.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let notPermitted = Errno(rawValue: EPERM)
    public static let noSpace = Errno(rawValue: ENOSPC)
    public static let readOnlyFileSystem = Errno(rawValue: EROFS)
    public static let quotaExceeded = Errno(rawValue: EDQUOT)
    public static let fileTooLarge = Errno(rawValue: EFBIG)
    public static let exists = Errno(rawValue: EEXIST)
    public static let interrupted = Errno(rawValue: EINTR)

    /// The reason in words, lower-case, as every message prints it.
    public var description: String {
        switch rawValue {
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        case ENOSPC: return "no space left on device"
        case EROFS: return "read-only file system"
        case EDQUOT: return "disk quota exceeded"
        default: return String(cString: strerror(rawValue)).lowercased()
        }
    }
}
