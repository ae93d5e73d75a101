import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// `applyOwnershipAttributesAndMode` gives the file the metadata's owner and group when
/// either differs from the file's own: an owner that differs alone, or a group that differs
/// alone, is set as well as both (root's `fchown`, as `cp -p` keeps them).
@Suite("FileMetadata applied: the owner, or the group, set when only that one differs",
       .enabled(if: geteuid() == 0, "needs root to give a file to another owner"))
struct FileMetadataOwnershipTests {
    /// The owner and group of a new root-owned file after `metadata` (with `owner`, `group`) is applied.
    static func applied(owner: uid_t, group: gid_t) throws -> (owner: uid_t, group: gid_t) {
        let dir = try TempDir()
        let path = try dir.write("g.jpg", [1, 2, 3])
        try #require(chown(path, 0, 0) == 0)
        var metadata = try FileMetadata.read(path: path, extendedAttributes: false)
        metadata.owner = owner
        metadata.group = group
        let fd = open(path, O_RDWR)
        try #require(fd >= 0)
        defer { close(fd) }
        try metadata.applyOwnershipAttributesAndMode(to: fd)
        var st = stat()
        try #require(fstat(fd, &st) == 0)
        return (st.st_uid, st.st_gid)
    }

    @Test("a file owned 0:0 given 1234:0: owner 1234, group 0")
    func ownerAlone() throws {
        let after = try Self.applied(owner: 1234, group: 0)
        #expect(after.owner == 1234 && after.group == 0)
    }

    @Test("a file owned 0:0 given 0:5678: owner 0, group 5678")
    func groupAlone() throws {
        let after = try Self.applied(owner: 0, group: 5678)
        #expect(after.owner == 0 && after.group == 5678)
    }
}
