import Foundation
import Testing
import TestSupport
@testable import BinaryIO

/// Recovery at the edges of what a journal can say: a journal of no old bytes whose region
/// starts at the very end of the file is complete and fits the file (restored, nothing to
/// write back); and a journal name that exists but cannot be read as a journal (a directory
/// there) is an error, not "no journal": the file may be half overwritten.
@Suite("OverwriteJournal: a region at the end of the file, a journal name that is no file")
struct OverwriteJournalBoundaryTests {
    @Test("no old bytes at offset == file size: restored, the journal removed, the file as it is")
    func emptyRegionAtTheEnd() throws {
        let dir = try TempDir()
        let original: [UInt8] = Array(0..<64)
        let target = try dir.write("movie.mov", original)
        _ = try OverwriteJournal(target: target, offset: 64, oldBytes: [], fileSize: 64)
        #expect(try OverwriteJournal.recover(target: target) == .restored)
        #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: target)))
        #expect(try Support.bytes(target) == original)
    }

    @Test("a directory where the journal belongs: recover throws and leaves it, it never says there is no journal")
    func journalNameThatIsADirectory() throws {
        let dir = try TempDir()
        let target = try dir.write("movie.mov", [1, 2, 3])
        let journal = OverwriteJournal.path(for: target)
        try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)
        #expect(throws: ParseError.self) { try OverwriteJournal.recover(target: target) }
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: journal, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(try Support.bytes(target) == [1, 2, 3])

        // No name at all is the one case of no journal.
        try FileManager.default.removeItem(atPath: journal)
        #expect(try OverwriteJournal.recover(target: target) == .none)
    }
}
