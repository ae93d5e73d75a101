import Foundation
import Testing
import BinaryIO

/// A lock or an in-place edit that fails after opening its file closes what it opened: a
/// `batch` process meets busy files and changed files thousands of times, and a descriptor kept
/// each time would run it out of descriptors. (Only descriptors naming this test's own files
/// are counted: tests run beside this one.)
@Suite("failures after an open leave no descriptor open")
struct FailedOpenDescriptorTests {
    /// A folder of its own (removed when released), once /proc is known to be there.
    static func scratch() throws -> TempDir {
        try #require(FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc")
        return try TempDir()
    }

    @Test("a replacement someone else locks: 'cannot lock', and only the holder's descriptor stays open")
    func lockedReplacement() throws {
        let dir = try Self.scratch()
        let replacement = try dir.write(".IMG.JPG.livephoto-abc123", [1, 2, 3])
        let holder = try FileLockSet.acquire([replacement], mode: .exclusive)
        #expect(try OverwriteJournalDescriptorTests.openDescriptors(naming: [replacement]).count == 1)
        let set = try FileLockSet.acquire([], mode: .exclusive)
        let error = #expect(throws: FileLockError.self) { try set.lockReplacement(replacement) }
        #expect(error == .unavailable(path: replacement, errno: Errno(rawValue: EWOULDBLOCK), context: "cannot lock"))
        #expect(try OverwriteJournalDescriptorTests.openDescriptors(naming: [replacement]).count == 1, "the holder's alone")
        holder.release()
        set.release()
        #expect(try OverwriteJournalDescriptorTests.openDescriptors(naming: [replacement]) == [])
    }

    @Test("an in-place edit of a file whose size changed: 'file changed', nothing left open")
    func changedSize() throws {
        let dir = try Self.scratch()
        let path = try dir.write("movie.mov", [UInt8](repeating: 7, count: 64))
        let error = #expect(throws: ParseError.self) { _ = try InPlaceFileEdit(path: path, originalSize: 63) }
        #expect(error?.description.contains("file changed while pairing") == true, "\(String(describing: error))")
        #expect(try OverwriteJournalDescriptorTests.openDescriptors(naming: [path]) == [])
        #expect(try Support.bytes(path) == [UInt8](repeating: 7, count: 64))
    }
}
