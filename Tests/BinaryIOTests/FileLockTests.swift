import Foundation
import Testing
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

@Suite("FileLockSet: advisory locks on the files themselves")
struct FileLockTests {
    static func tempDir() throws -> URL { try Support.tempDir() }

    static func file(_ dir: URL, _ name: String, _ text: String = "x") -> String {
        let path = dir.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    /// Whether someone holds a lock on what `path` names now (a fresh open file description cannot lock it).
    static func isLocked(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    @Test("exclusive excludes everyone; shared admits shared; release frees; a wait that runs out is busy")
    func modes() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = Self.file(dir, "a"), b = Self.file(dir, "b")
        let held = try FileLockSet.acquire([a, b], mode: .exclusive)
        #expect(Self.isLocked(a) && Self.isLocked(b))
        #expect(throws: FileLockError.busy(path: a, waited: 0.05)) { try FileLockSet.acquire([a], mode: .shared, wait: 0.05) }
        held.release()
        #expect(!Self.isLocked(a) && !Self.isLocked(b))

        let reader1 = try FileLockSet.acquire([a, b], mode: .shared)
        let reader2 = try FileLockSet.acquire([b, a], mode: .shared, wait: 0)
        #expect(throws: FileLockError.self) { try FileLockSet.acquire([b], mode: .exclusive, wait: 0.05) }
        reader1.release(); reader2.release()
        #expect(throws: FileLockError.stopped) {
            let blocker = try FileLockSet.acquire([a], mode: .exclusive)
            defer { blocker.release() }
            _ = try FileLockSet.acquire([a], mode: .exclusive, wait: 5, shouldStop: { true })
        }
        #expect(throws: FileLockError.self) { try FileLockSet.acquire([dir.appendingPathComponent("missing").path], mode: .shared) }
    }

    /// Releasing twice (and the release when the set goes) must not close the descriptor
    /// numbers again: by then the process may have opened another file under the same number.
    @Test("a second release, and the set's end, leave alone a file opened under a released descriptor's number")
    func releaseIsIdempotent() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = Self.file(dir, "a"), other = Self.file(dir, "other")
        var set: FileLockSet? = try FileLockSet.acquire([a], mode: .exclusive)
        set?.release()
        // The lowest free number: the one the release just closed.
        let reused = open(other, O_RDONLY)
        defer { close(reused) }
        set?.release()
        set = nil
        #expect(fcntl(reused, F_GETFD) != -1, "the file opened after the release is still open")
        #expect(!Self.isLocked(a))
    }

    /// A run waiting for a lock (say behind a long `pair` of the same files) polls it with a
    /// pause that doubles from 1 ms up to 20 ms: over half a second that is some 30 polls, where
    /// a fixed 1 ms pause would poll hundreds of times and keep a core busy. Fewer polls on a
    /// slow machine are fine; more than 60 is a busy wait.
    @Test("a waiter backs off: half a second of waiting polls the lock at most 60 times")
    func waitBacksOff() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = Self.file(dir, "a")
        let blocker = try FileLockSet.acquire([a], mode: .exclusive)
        defer { blocker.release() }
        var polls = 0
        #expect(throws: FileLockError.busy(path: a, waited: 0.5)) {
            try FileLockSet.acquire([a], mode: .exclusive, wait: 0.5, shouldStop: { polls += 1; return false })
        }
        #expect(polls >= 2 && polls <= 60, "\(polls) polls in 0.5 s")
    }

    @Test("a waiter whose file was replaced by rename while it waited ends up locking the new file, not the old inode")
    func renamedWhileWaiting() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.file(dir, "still.jpg", "old")
        let committer = try FileLockSet.acquire([path], mode: .exclusive)

        let waiterHolds = DispatchSemaphore(value: 0)
        let waiterMayRelease = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var waiterError: Error? = nil
        Thread.detachNewThread {
            do {
                let waiter = try FileLockSet.acquire([path], mode: .exclusive, wait: 30)
                waiterHolds.signal()
                waiterMayRelease.wait()
                waiter.release()
            } catch {
                waiterError = error
                waiterHolds.signal()
            }
        }
        usleep(100_000)   // let the waiter open the old inode and start waiting (the result holds either way)
        // Commit as `pair` does: the replacement is locked before it is renamed into place.
        let replacement = Self.file(dir, ".still.jpg.livephoto-AbCdEf", "new")
        try committer.lockReplacement(replacement)
        #expect(rename(replacement, path) == 0)
        committer.release()

        waiterHolds.wait()
        #expect(waiterError == nil)
        #expect(Self.isLocked(path), "the waiter holds the file the path names now")
        waiterMayRelease.signal()
    }

    @Test("two sets taken in opposite argument orders, over and over, never deadlock")
    func noDeadlock() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = Self.file(dir, "a"), b = Self.file(dir, "b")
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var failures = 0
        for order in [[a, b], [b, a], [a, b], [b, a]] {
            group.enter()
            Thread.detachNewThread {
                for _ in 0..<200 {
                    do { try FileLockSet.acquire(order, mode: .exclusive, wait: 30).release() } catch {
                        lock.lock(); failures += 1; lock.unlock()
                    }
                }
                group.leave()
            }
        }
        group.wait()
        #expect(failures == 0)
    }
}
