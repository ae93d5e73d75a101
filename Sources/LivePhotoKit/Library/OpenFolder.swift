import BinaryIO
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder kept open while its listed files are read, so each is opened by its name in it
/// (`openat`) rather than by a path the kernel walks component by component. Closed when the
/// last file of the folder lets go of it. At most `budget.limit` are open at once: a library of
/// many tiny folders keeps within the process's descriptors, its other files opened by path.
final class OpenFolder: @unchecked Sendable {
    let fd: Int32

    static let budget = DescriptorBudget(limit: 64)

    private init(fd: Int32) { self.fd = fd }

    /// A descriptor of its own for the folder `dir` lists (closed with the listing), or nil
    /// when the budget is spent or the descriptor cannot be had.
    static func keep(_ dir: OpaquePointer) -> OpenFolder? {
        guard budget.take() else { return nil }
        guard let fd = FileSystemCalls.opened(fcntl(dirfd(dir), F_DUPFD_CLOEXEC, 0)) else { budget.give(); return nil }
        return OpenFolder(fd: fd)
    }

    deinit {
        close(fd)
        Self.budget.give()
    }
}

/// How many of something (descriptors) may be held at once, counted under a lock.
final class DescriptorBudget: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var used = 0

    init(limit: Int) { self.limit = limit }

    /// Takes one when fewer than `limit` are held; false (nothing taken) otherwise.
    func take() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard used < limit else { return false }
        used += 1
        return true
    }

    /// Gives back one taken.
    func give() {
        lock.lock(); used -= 1; lock.unlock()
    }

    var inUse: Int { lock.lock(); defer { lock.unlock() }; return used }
}
