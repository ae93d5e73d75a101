import Foundation
import Testing
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// `FileLockSet.acquire` locks each file once, however many of the paths name it (the same
/// path twice, a hard link): a second open file description of a file locked exclusively could
/// never lock it too. And it locks in one fixed order, by device then inode, whatever order
/// the paths come in: when every file is held elsewhere, the file it waits on, and names as
/// busy, is the one of the lowest inode.
@Suite("FileLockSet: one lock per file whatever names it; files locked in inode order")
struct FileLockSameFileAndOrderTests {
    static func inode(_ path: String) throws -> UInt64 {
        var st = stat()
        try #require(stat(path, &st) == 0)
        return UInt64(st.st_ino)
    }

    @Test("the same path twice, then a path and a hard link to it: taken exclusively at once, the file locked")
    func sameFileCountsOnce() throws {
        let dir = try TempDir()
        let a = try dir.write("a", [1])
        let link = dir.path("a-link")
        try #require(Glibc.link(a, link) == 0)
        for paths in [[a, a], [a, link]] {
            let set = try FileLockSet.acquire(paths, mode: .exclusive, wait: 0.05)
            #expect(FileLockTests.isLocked(a), "\(paths)")
            set.release()
            #expect(!FileLockTests.isLocked(a), "\(paths)")
        }
    }

    @Test("both files held elsewhere: busy names the file of the lower inode, in either order of the paths")
    func busyNamesTheLowerInode() throws {
        let dir = try TempDir()
        let a = try dir.write("a", [1]), b = try dir.write("b", [2])
        let first = try Self.inode(a) < Self.inode(b) ? a : b
        let holder = try FileLockSet.acquire([a, b], mode: .exclusive)
        defer { holder.release() }
        for paths in [[a, b], [b, a]] {
            #expect(throws: FileLockError.busy(path: first, waited: 0), "\(paths)") {
                try FileLockSet.acquire(paths, mode: .exclusive, wait: 0)
            }
        }
    }
}
