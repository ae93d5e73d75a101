import BinaryIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder kept open while its listed files are read, so each is opened by its name in it
/// (`openat`) rather than by a path the kernel walks component by component. Closed when the
/// last file of the folder lets go of it. At most `limit` are open at once: a library of many
/// tiny folders keeps within the process's descriptors, its other files opened by path.
final class OpenFolder: @unchecked Sendable {
    let fd: Int32

    static let limit = 64
    private static let lock = NSLock()
    private static var open = 0

    private init(fd: Int32) { self.fd = fd }

    /// A descriptor of its own for the folder `dir` lists (closed with the listing), or nil
    /// when `limit` are open already or the descriptor cannot be had.
    static func keep(_ dir: OpaquePointer) -> OpenFolder? {
        lock.lock(); defer { lock.unlock() }
        guard open < limit else { return nil }
        guard let fd = FileSystemCalls.opened(fcntl(dirfd(dir), F_DUPFD_CLOEXEC, 0)) else { return nil }
        open += 1
        return OpenFolder(fd: fd)
    }

    deinit {
        close(fd)
        Self.lock.lock(); Self.open -= 1; Self.lock.unlock()
    }
}
