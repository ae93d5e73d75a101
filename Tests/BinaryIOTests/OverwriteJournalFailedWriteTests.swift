import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import BinaryIO

/// A journal whose write fails is an error, and the descriptor it was being written through is
/// closed on the way out, as on success: a `batch` growing movie after movie must not keep one
/// per failure. The failure is staged by naming the journal a link to a pipe (`pwrite` on a
/// pipe is ESPIPE); the pipe's own two ends are the only descriptors left on it.
@Suite("OverwriteJournal: a failed write leaves no descriptor open")
struct OverwriteJournalFailedWriteTests {
    /// This process's descriptors naming `name` (a `/proc/self/fd` link target).
    static func descriptors(naming name: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == name
        }.count
    }

    @Test("the journal's write fails with ESPIPE: thrown, its link removed, only the pipe's two ends open")
    func failedWriteClosesItsDescriptor() throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc")
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var st = stat()
        try #require(fstat(ends[1], &st) == 0)
        let pipeName = "pipe:[\(st.st_ino)]"
        #expect(try Self.descriptors(naming: pipeName) == 2)

        let dir = try TempDir()
        let target = try dir.write("movie.mov", Array(0..<64))
        let journal = OverwriteJournal.path(for: target)
        try #require(symlink("/proc/self/fd/\(ends[1])", journal) == 0)
        let error = #expect(throws: ParseError.self) {
            _ = try OverwriteJournal(target: target, offset: 8, oldBytes: Array(8..<24), fileSize: 64)
        }
        #expect(error?.errno == Errno(rawValue: ESPIPE))
        var link = stat()
        #expect(lstat(journal, &link) != 0, "the journal's name is removed")
        #expect(try Self.descriptors(naming: pipeName) == 2, "the descriptor opened for the journal is closed")
    }
}
