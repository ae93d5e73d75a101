import Foundation
import Testing
import CFileCopy
@testable import BinaryIO

@Suite("metadata kept by AtomicFileWriter")
struct FileMetadataTests {
    /// A plain file with three bytes, the one these tests give attributes to.
    static func threeByteFile(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("f.jpg").path
        try #require(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        return path
    }

    @Test("sameFile: one file under two names (a hard link, a symlink, another spelling of its path) is the same; another file or a missing path is not")
    func sameFileByDeviceAndInode() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.threeByteFile(in: dir)
        let hard = dir.appendingPathComponent("hard.jpg").path, soft = dir.appendingPathComponent("soft.jpg").path
        try FileManager.default.linkItem(atPath: path, toPath: hard)
        try FileManager.default.createSymbolicLink(atPath: soft, withDestinationPath: "f.jpg")
        let other = dir.appendingPathComponent("other.jpg").path
        try #require(FileManager.default.createFile(atPath: other, contents: Data([1, 2, 3])))
        #expect(AtomicFileWriter.sameFile(path, path))
        #expect(AtomicFileWriter.sameFile(path, hard) && AtomicFileWriter.sameFile(soft, path))
        #expect(AtomicFileWriter.sameFile(dir.path + "/./f.jpg", path))
        #expect(!AtomicFileWriter.sameFile(path, other), "the same bytes in another file")
        #expect(!AtomicFileWriter.sameFile(path, dir.appendingPathComponent("missing.jpg").path))
    }

    @Test("AtomicFileWriter gives the replacement the original's mode and user.* attributes; a failure to copy one is an error")
    func writerKeepsMetadata() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.threeByteFile(in: dir)
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

    /// The other namespaces are skipped only where the kernel or file system does not allow
    /// them (EPERM, EACCES, ENOTSUP, EINVAL); any other failure (here E2BIG, a value over the
    /// kernel's 64 KiB) is an error, never a silent drop.
    @Test("an attribute outside user.* is skipped only when not allowed or not supported; another failure is an error")
    func otherNamespacesFailForOtherReasons() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.threeByteFile(in: dir)
        let fd = open(path, O_RDWR)
        defer { close(fd) }
        var metadata = try FileMetadata.read(path: path)
        let name = Array("trusted.livephoto-test".utf8)
        metadata.extendedAttributes = [FileMetadata.ExtendedAttribute(name: name, value: Array(repeating: 1, count: 1 << 17))]
        #expect(!metadata.extendedAttributes[0].mustBeKept)
        #expect(fsetxattr(fd, "trusted.livephoto-test", [UInt8](repeating: 1, count: 1 << 17), 1 << 17, 0) != 0 && errno == E2BIG,
                "the kernel refuses the value as too big, whoever asks")
        let error = try #require(throws: ParseError.self) { try metadata.applyOwnershipAttributesAndMode(to: fd) }
        #expect("\(error)".contains("trusted.livephoto-test"), "the error names the attribute: \(error)")

        // Refused for lack of permission (not root) or support: skipped, the rest applied.
        metadata.extendedAttributes = [FileMetadata.ExtendedAttribute(name: Array("security.livephoto-test".utf8), value: [1])]
        metadata.mode = 0o640
        let set = fsetxattr(fd, "security.livephoto-test", [1], 1, 0) == 0 ? 0 : errno
        #expect(set == 0 || [EPERM, EACCES, ENOTSUP, EOPNOTSUPP, EINVAL].contains(set), "errno \(set)")
        try metadata.applyOwnershipAttributesAndMode(to: fd)
        var st = stat()
        #expect(fstat(fd, &st) == 0 && st.st_mode & 0o7777 == 0o640)
    }
}
