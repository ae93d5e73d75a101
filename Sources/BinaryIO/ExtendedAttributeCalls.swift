#if canImport(Glibc)
import Glibc
#endif

/// The two calls that read a file's extended attributes. Reading one takes two calls (its size,
/// then its bytes), and another process may change it between them; `FileMetadata` retries a
/// bounded number of times. Tests hand in calls of their own, since an attribute that changes
/// size between two calls cannot be staged on a real file.
struct ExtendedAttributeCalls {
    /// `listxattr(2)`: the names' size (list nil), or the bytes written; -1 with errno set.
    var list: (String, UnsafeMutablePointer<CChar>?, Int) -> Int
    /// `getxattr(2)`: the value's size (value nil), or the bytes written; -1 with errno set.
    var get: (String, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int

    static let system = ExtendedAttributeCalls(list: FileSystemCalls.listxattr, get: FileSystemCalls.getxattr)

    /// How often a list or value that changed size between the two calls is read again.
    static let attempts = 8
}
