import Foundation
import Testing
import CFileCopy
@testable import BinaryIO

@Suite("metadata kept by AtomicFileWriter")
struct FileMetadataTests {
    @Test("AtomicFileWriter gives the replacement the original's mode and user.* attributes; a failure to copy one is an error")
    func writerKeepsMetadata() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("f.jpg").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        #expect(chmod(path, 0o604) == 0)
        #expect(setxattr(path, "user.rating", "5", 1, 0) == 0)
        let writer = try AtomicFileWriter(targetPath: path)
        try writer.write([9, 9])
        try writer.commit()
        let kept = try FileMetadata.read(path: path)
        #expect(kept.mode == 0o604)
        #expect(kept.extendedAttributes == [FileMetadata.ExtendedAttribute(name: Array("user.rating".utf8), value: Array("5".utf8))])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([9, 9]))

        // A user.* attribute that cannot be set is never dropped silently.
        var metadata = kept
        metadata.extendedAttributes = [FileMetadata.ExtendedAttribute(name: Array("user.".utf8) + [0x20], value: Array(repeating: 1, count: 1 << 17))]
        let fd = open(path, O_RDWR)
        defer { close(fd) }
        #expect(throws: ParseError.self) { try metadata.applyOwnershipAttributesAndMode(to: fd) }
    }
}
