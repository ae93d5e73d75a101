import Foundation
import Testing
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// An acquire that fails (a file missing, a file busy past the wait) or starts over (a file
/// replaced by rename while it waited) closes every descriptor it opened for the attempt, and
/// with it any lock it had taken: a `batch` process meets busy files thousands of times. A wait
/// of 0 (or less) gives up at once. (Only descriptors naming this test's own files are counted:
/// tests run beside this one.)
@Suite("FileLockSet: a failed or restarted acquire leaves nothing open; a wait of 0 gives up at once")
struct FileLockFailedAcquireTests {
    static func scratch() throws -> TempDir {
        try #require(FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc")
        return try TempDir()
    }

    static func open(naming path: String) throws -> [String] { try OverwriteJournalDescriptorTests.openDescriptors(naming: [path]) }

    @Test("a wait of 0 or less is busy at once, not after a second", arguments: [0.0, -5.0])
    func noWait(wait: Double) throws {
        let dir = try Self.scratch()
        let a = try dir.write("a", [1])
        let holder = try FileLockSet.acquire([a], mode: .exclusive)
        defer { holder.release() }
        let started = Date()
        #expect(throws: FileLockError.busy(path: a, waited: wait)) { try FileLockSet.acquire([a], mode: .shared, wait: wait) }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 0.9, "gave up after \(elapsed) s")
    }

    @Test("a file that cannot be opened: the files opened before it are closed")
    func missingSecondFile() throws {
        let dir = try Self.scratch()
        let a = try dir.write("a", [1])
        #expect(throws: FileLockError.self) { try FileLockSet.acquire([a, dir.path("missing")], mode: .exclusive, wait: 0) }
        #expect(try Self.open(naming: a) == [])
    }

    @Test("a file busy past the wait: the other file is closed and left unlocked, only the holder's descriptor stays")
    func busySecondFile() throws {
        let dir = try Self.scratch()
        let a = try dir.write("a", [1]), b = try dir.write("b", [2])
        let holder = try FileLockSet.acquire([b], mode: .exclusive)
        #expect(throws: FileLockError.busy(path: b, waited: 0.05)) { try FileLockSet.acquire([a, b], mode: .exclusive, wait: 0.05) }
        #expect(try Self.open(naming: a) == [])
        #expect(try Self.open(naming: b).count == 1, "the holder's alone")
        #expect(FileLockTests.isLocked(a) == false)
        holder.release()
        #expect(try Self.open(naming: b) == [])
    }

    @Test("a waiter whose file was renamed over: once it holds the new file, nothing of the old inode is open")
    func renamedWhileWaitingClosesTheOldInode() throws {
        let dir = try Self.scratch()
        let path = try dir.write("still.jpg", Array("old".utf8))
        let committer = try FileLockSet.acquire([path], mode: .exclusive)
        let holds = DispatchSemaphore(value: 0), mayRelease = DispatchSemaphore(value: 0), released = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var waiterError: Error? = nil
        Thread.detachNewThread {
            do {
                let waiter = try FileLockSet.acquire([path], mode: .exclusive, wait: 30)
                holds.signal()
                mayRelease.wait()
                waiter.release()
            } catch {
                waiterError = error
                holds.signal()
            }
            released.signal()
        }
        // The waiter has the old inode open (the committer's descriptor and its own) before the rename.
        let deadline = Date().addingTimeInterval(10)
        while try Self.open(naming: path).count < 2 && Date() < deadline { usleep(1_000) }
        try #require(try Self.open(naming: path).count == 2, "the waiter opened the old file")
        let replacement = try dir.write(".still.jpg.livephoto-AbCdEf", Array("new".utf8))
        try committer.lockReplacement(replacement)
        #expect(rename(replacement, path) == 0)
        committer.release()
        holds.wait()
        #expect(waiterError == nil)
        let whileHeld = try Self.open(naming: path)
        #expect(whileHeld.count == 1 && whileHeld.allSatisfy { !$0.hasSuffix("(deleted)") }, "\(whileHeld)")
        mayRelease.signal()
        released.wait()
        #expect(try Self.open(naming: path) == [])
    }
}
