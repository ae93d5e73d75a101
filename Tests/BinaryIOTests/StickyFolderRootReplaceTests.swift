import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
@testable import BinaryIO

/// In a sticky folder only a name's owner, the folder's owner, or root (CAP_FOWNER) may
/// replace it: `requireReplaceable` lets root through whoever owns the file and the folder.
@Suite("requireReplaceable: root may replace any name in a sticky folder")
struct StickyFolderRootReplaceTests {
    @Test("a file and a sticky folder both owned by another user: root is not refused",
          .enabled(if: geteuid() == 0, "needs root to give the file and folder to another user"))
    func rootReplacesOthersFile() throws {
        let dir = try TempDir()
        let folder = dir.path("shared")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let file = folder + "/IMG_0001.JPG"
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
        let other: uid_t = 4321
        #expect(chown(file, other, other) == 0 && chown(folder, other, other) == 0)
        #expect(chmod(folder, 0o1777) == 0)
        var st = stat()
        #expect(stat(folder, &st) == 0 && st.st_mode & S_ISVTX != 0 && st.st_uid == other)
        try WritePermission.requireReplaceable(file)
    }
}
