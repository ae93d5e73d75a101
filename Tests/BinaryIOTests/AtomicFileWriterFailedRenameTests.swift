import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import BinaryIO

/// A commit whose rename fails (the target is a folder) throws once, removes the temporary
/// file and finishes the writer: a second commit, or a discard, then does nothing, so neither
/// fsyncs a closed descriptor nor removes a file that took the temporary's name since.
@Suite("AtomicFileWriter: a failed rename finishes the writer")
struct AtomicFileWriterFailedRenameTests {
    @Test("rename over a folder: EISDIR once, the temporary gone; commit again and discard do nothing")
    func failedRenameFinishes() throws {
        let dir = try TempDir()
        let target = dir.path("IMG.JPG")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        let writer = try AtomicFileWriter(targetPath: target)
        try writer.write([1, 2, 3])
        let error = #expect(throws: ParseError.self) { try writer.commit() }
        #expect(error?.errno == Errno(rawValue: EISDIR))
        #expect(error?.message == "cannot replace \(target): is a directory")
        #expect(try dir.listing() == ["IMG.JPG"], "the temporary file is removed")

        #expect(throws: Never.self) { try writer.commit() }
        // A new file under the old temporary name is not the writer's to remove.
        let newcomer = try dir.write(PathComponents.lastComponent(writer.temporaryPath), [9])
        writer.discard()
        #expect(try Support.bytes(newcomer) == [9])
    }
}
