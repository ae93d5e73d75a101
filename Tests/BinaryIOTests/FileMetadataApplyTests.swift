import Foundation
import Testing
import TestSupport
import CFileCopy
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// Metadata applied to a file that already has some of its own: an extended attribute it
/// already has takes the value applied (as `setxattr` without flags replaces or creates),
/// and `applyTimes` sets both times and returns without an error.
@Suite("FileMetadata applied over a file's own: attributes replaced, times set")
struct FileMetadataApplyTests {
    @Test("an attribute the file already has is given the new value, not refused")
    func existingAttributeReplaced() throws {
        let dir = try TempDir()
        let path = try dir.write("f.jpg", [1, 2, 3])
        #expect(setxattr(path, "user.tag", "old", 3, 0) == 0)
        var metadata = try FileMetadata.read(path: path)
        metadata.extendedAttributes = [FileMetadata.ExtendedAttribute(name: Array("user.tag".utf8), value: Array("newer".utf8))]
        let fd = open(path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        try metadata.applyOwnershipAttributesAndMode(to: fd)
        #expect(try FileMetadata.read(path: path).extendedAttributes
                == [FileMetadata.ExtendedAttribute(name: Array("user.tag".utf8), value: Array("newer".utf8))])
    }

    @Test("applyTimes sets the access and modification times and returns")
    func timesApplied() throws {
        let dir = try TempDir()
        let path = try dir.write("f.jpg", [1])
        var metadata = try FileMetadata.read(path: path, extendedAttributes: false)
        metadata.accessTime = timespec(tv_sec: 1_600_000_000, tv_nsec: 250)
        metadata.modificationTime = timespec(tv_sec: 1_500_000_000, tv_nsec: 500)
        try metadata.applyTimes(toPath: path)
        let read = try FileMetadata.read(path: path, extendedAttributes: false)
        #expect(read.accessTime.tv_sec == 1_600_000_000 && read.accessTime.tv_nsec == 250)
        #expect(read.modificationTime.tv_sec == 1_500_000_000 && read.modificationTime.tv_nsec == 500)
    }

    @Test("applyTimes on a path that does not exist throws, naming the modification time")
    func timesOnMissingPath() throws {
        let dir = try TempDir()
        let metadata = try FileMetadata.read(path: try dir.write("f.jpg", [1]), extendedAttributes: false)
        let error = #expect(throws: ParseError.self) { try metadata.applyTimes(toPath: dir.path("gone.jpg")) }
        #expect(error?.message.contains("cannot keep the modification time") == true, "\(String(describing: error))")
    }
}
