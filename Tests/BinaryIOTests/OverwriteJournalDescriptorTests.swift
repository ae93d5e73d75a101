import Foundation
import Testing
import BinaryIO

/// Writing and recovering a journal leaves no descriptor open on the journal or the target.
/// A `batch` process grows one movie after another in place; a descriptor leaked per growth
/// would run it out of descriptors after a few thousand files. Counting all of the process's
/// descriptors would race with the tests running beside this one, so the check looks only for
/// descriptors naming this test's own files (`/proc/self/fd` links; an unlinked file reads
/// "path (deleted)", which still starts with the path).
@Suite("OverwriteJournal: no descriptor left open")
struct OverwriteJournalDescriptorTests {
    static func openDescriptors(naming paths: [String]) throws -> [String] {
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        return entries.compactMap { entry in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry) else { return nil }
            return paths.contains(where: { target.hasPrefix($0) }) ? "fd \(entry) -> \(target)" : nil
        }
    }

    @Test("a journal written, removed, and one written then recovered: nothing left open")
    func journalLeavesNoDescriptor() throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc")
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("movie.mov").path
        let journal = OverwriteJournal.path(for: target)
        let original = (0..<64).map { UInt8($0) }
        try Data(original).write(to: URL(fileURLWithPath: target))

        // Written: the journal is on disk and no longer open.
        let written = try OverwriteJournal(target: target, offset: 8, oldBytes: Array(original[8..<24]), fileSize: 64)
        #expect(FileManager.default.fileExists(atPath: journal))
        #expect(try Self.openDescriptors(naming: [journal, target]) == [], "after the journal is written")
        written.remove()
        #expect(try Self.openDescriptors(naming: [journal, target]) == [], "after the journal is removed")

        // Written again, the overwrite half done, then recovered: the file is back, nothing open.
        _ = try OverwriteJournal(target: target, offset: 8, oldBytes: Array(original[8..<24]), fileSize: 64)
        var overwritten = original
        for i in 8..<24 { overwritten[i] = 0xFF }
        try Data(overwritten).write(to: URL(fileURLWithPath: target))
        #expect(try OverwriteJournal.recover(target: target) == .restored)
        #expect(try Support.bytes(target) == original)
        #expect(try Self.openDescriptors(naming: [journal, target]) == [], "after recovery")
    }
}
