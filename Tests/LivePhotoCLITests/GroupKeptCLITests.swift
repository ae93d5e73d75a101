import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A rewritten still is a new file: as root it gets the original's owner and group back; as
/// another user only what the kernel allows, like `cp -p`: the runner's owner, the original's
/// group when the runner belongs to it. The tests run as root, so `livephoto` runs here as
/// another user (`setpriv`) in a group folder.
@Suite("pair as a member of the files' group")
struct GroupKeptCLITests {
    static let group: gid_t = 4322            // the shared group, which the runner belongs to
    static let otherOwner: uid_t = 4321       // the files' owner, not the runner

    @Test("another user's still in a group folder, rewritten by a member of its group: the group is kept, the owner is the runner",
          .enabled(if: geteuid() == 0 && SafetyTests.tool("setpriv") != nil, "needs root and setpriv to run as another user"))
    func groupKept() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(chown(dir.path, Self.otherOwner, Self.group) == 0 && chmod(dir.path, 0o775) == 0)
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        for path in [still, movie] { #expect(chown(path, Self.otherOwner, Self.group) == 0 && chmod(path, 0o664) == 0) }

        let setpriv = try #require(SafetyTests.tool("setpriv"))
        let ids = ["--reuid=\(StickyFolderTests.runner)", "--regid=\(StickyFolderTests.runner)", "--groups=\(Self.group)"]
        let run = try StartedProcess(setpriv, ids + [SafetyTests.binary, "pair", "--json", still, movie]).wait()
        #expect(run.status == 0, "\(run.err)")
        #expect(SafetyTests.jsonObjects(run.out).first?["stillWrite"] as? String == "rewrite", "\(run.out)")

        var st = stat()
        #expect(stat(still, &st) == 0)
        #expect(st.st_gid == Self.group, "the still's group: \(st.st_gid)")
        #expect(st.st_uid == StickyFolderTests.runner, "the still's owner: \(st.st_uid)")
        #expect(st.st_mode & 0o777 == 0o664, "the still's mode: \(String(st.st_mode & 0o777, radix: 8))")
        // The movie is edited in place: the same file, its owner and group untouched.
        #expect(stat(movie, &st) == 0 && st.st_uid == Self.otherOwner && st.st_gid == Self.group)
    }
}
