import Foundation
import Testing
import BinaryIO

/// A committed write and a refused open leave no descriptor behind: a `batch` process writes
/// and opens thousands of files, and one descriptor kept each time would run it out. (Only
/// descriptors naming this test's own folder are counted: tests run beside this one.)
@Suite("writers and sources: no descriptor left open")
struct WriterDescriptorTests {
    static func open(_ dir: TempDir) throws -> [String] { try OverwriteJournalDescriptorTests.openDescriptors(naming: [dir.url.path]) }

    @Test("a write committed by rename, and one committed as a new name: nothing left open")
    func committedWrites() throws {
        let dir = try FailedOpenDescriptorTests.scratch()
        let replaced = try dir.write("IMG.JPG", [1])
        let writer = try AtomicFileWriter(targetPath: replaced)
        try writer.write([2, 3])
        #expect(try Self.open(dir).count == 1, "the temporary file is open while written")
        try writer.commit()
        #expect(try Self.open(dir) == [])
        #expect(try Support.bytes(replaced) == [2, 3])

        let fresh = dir.path("IMG_1.MOV")
        let newName = try AtomicFileWriter(targetPath: fresh, modeFrom: replaced)
        try newName.write([4])
        try newName.commitWithoutReplacing()
        #expect(try Self.open(dir) == [])
        #expect(try Support.bytes(fresh) == [4])
    }

    @Test("a folder opened as a file is refused and closed")
    func folderRefused() throws {
        let dir = try FailedOpenDescriptorTests.scratch()
        let folder = dir.path("IMG.JPG")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for _ in 0..<3 { #expect(throws: ParseError.self) { _ = try FileSource(path: folder) } }
        #expect(try Self.open(dir) == [])
    }
}
