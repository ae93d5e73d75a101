import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a set of file locks could not be taken.
public enum FileLockError: Error, Equatable, CustomStringConvertible {
    /// Another process (or worker) held a file for longer than the wait allowed.
    case busy(path: String, waited: Double)
    /// The caller asked to stop (a signal) while waiting.
    case stopped
    /// The file could not be opened or locked: errno and, when it helps, what was being done.
    case unavailable(path: String, errno: Errno, context: String? = nil)

    public var description: String {
        switch self {
        case .busy(_, let waited):
            return "busy: another livephoto is working on this file (waited \(String(format: "%g", waited)) s; try again)"
        case .stopped: return "interrupted while waiting for another livephoto"
        case .unavailable(_, let errno, let context): return context.map { "\($0): \(errno)" } ?? errno.description
        }
    }
}

/// Advisory locks (`flock(2)`) on the files one operation works on: `pair` takes them
/// exclusively on the still and the movie before it reads them and holds them through its
/// commit; `verify` takes them shared. Two runs on the same files therefore never interleave:
/// the second waits, then reads what the first committed.
///
/// - Locks are on the files themselves (no lock files littering folders). `flock` locks belong
///   to an open file description, so they also separate two workers of one process.
/// - Files are locked in one fixed order (by device, then inode), so two runs never deadlock.
/// - A commit that replaces a file by `rename` puts a *new* inode at the path: a waiter that
///   finally gets the lock on the old inode holds a lock on a file nobody will read again. So
///   after taking every lock, each path is `stat`ed again and compared with the locked inode;
///   if one differs, everything is released and taken again on what the paths name now. The
///   committer closes the window between its rename and its release by locking the new file
///   (`lockReplacement`) before renaming it into place: whoever opens the path after the rename
///   waits on that lock until the whole pair is committed.
public final class FileLockSet {
    public enum Mode: Sendable { case shared, exclusive }

    /// How long `pair` and `verify` wait for another run by default, in seconds.
    public static let defaultWait: Double = 10

    private struct Held { let fd: Int32; let path: String; let device: UInt64; let inode: UInt64 }
    private var held: [Held] = []

    private init() {}

    deinit { release() }

    /// Locks every path (duplicates and links to one file count once), waiting up to `wait`
    /// seconds in all. `shouldStop` is polled while waiting (a signal ends the wait).
    public static func acquire(_ paths: [String], mode: Mode, wait: Double = defaultWait,
                               shouldStop: () -> Bool = { false }) throws -> FileLockSet {
        let deadline = Date().addingTimeInterval(max(0, wait))
        while true {
            var entries: [Held] = []
            func closeAll() { for e in entries { close(e.fd) } }
            for path in paths {
                guard let fd = FileSystemCalls.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) else {
                    let e = Errno.current
                    closeAll()
                    throw FileLockError.unavailable(path: path, errno: e)
                }
                var st = stat()
                guard fstat(fd, &st) == 0 else { close(fd); closeAll(); throw FileLockError.unavailable(path: path, errno: .current) }
                let entry = Held(fd: fd, path: path, device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
                if entries.contains(where: { $0.device == entry.device && $0.inode == entry.inode }) { close(fd); continue }
                entries.append(entry)
            }
            entries.sort { ($0.device, $0.inode) < ($1.device, $1.inode) }
            do {
                for e in entries { try lock(e, mode: mode, deadline: deadline, wait: wait, shouldStop: shouldStop) }
            } catch {
                closeAll()
                throw error
            }
            // A rename may have replaced a file while we waited: then lock what the path names now.
            let current = entries.allSatisfy { e in
                var st = stat()
                return FileSystemCalls.stat(e.path, &st) == 0 && UInt64(st.st_dev) == e.device && UInt64(st.st_ino) == e.inode
            }
            if current {
                let set = FileLockSet()
                set.held = entries
                return set
            }
            closeAll()
            if Date() >= deadline, let first = entries.first { throw FileLockError.busy(path: first.path, waited: wait) }
        }
    }

    private static func lock(_ e: Held, mode: Mode, deadline: Date, wait: Double, shouldStop: () -> Bool) throws {
        let operation = (mode == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        var pause: UInt32 = 1_000
        while flock(e.fd, operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            // A file system without locks (some network or FUSE mounts): go on unlocked, as
            // every program that does not lock does, rather than refuse to work there.
            if code == ENOLCK || code == EOPNOTSUPP || code == ENOSYS || code == EINVAL { return }
            guard code == EWOULDBLOCK else { throw FileLockError.unavailable(path: e.path, errno: Errno(rawValue: code), context: "cannot lock") }
            if shouldStop() { throw FileLockError.stopped }
            if Date() >= deadline { throw FileLockError.busy(path: e.path, waited: wait) }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Locks a new file (a temporary about to be renamed over a locked one) exclusively and
    /// keeps it locked until `release()`, so it stays locked once it takes the path's place.
    /// Nobody else knows the new file yet, so this never waits.
    public func lockReplacement(_ path: String) throws {
        guard let fd = FileSystemCalls.open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) else { throw FileLockError.unavailable(path: path, errno: .current) }
        var st = stat()
        do {
            try FaultInjection.reachOrFail(.replacementLocking)
        } catch {
            close(fd)
            throw FileLockError.unavailable(path: path, errno: Errno(rawValue: EIO), context: "cannot lock")
        }
        guard fstat(fd, &st) == 0, flock(fd, LOCK_EX | LOCK_NB) == 0 || [ENOLCK, EOPNOTSUPP, ENOSYS, EINVAL].contains(errno) else {
            let e = Errno.current
            close(fd)
            throw FileLockError.unavailable(path: path, errno: e, context: "cannot lock")
        }
        held.append(Held(fd: fd, path: path, device: UInt64(st.st_dev), inode: UInt64(st.st_ino)))
    }

    /// Releases every lock (closing the descriptors releases them). Idempotent.
    public func release() {
        for e in held { close(e.fd) }
        held = []
    }
}
