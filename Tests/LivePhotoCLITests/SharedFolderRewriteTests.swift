import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Only a sticky folder (`chmod +t`) keeps others from replacing a name: in a shared folder
/// without the sticky bit (0777) anyone who may write the folder may rename over any name in
/// it, so a movie someone else owns is rewritten there (`--faststart`), not refused.
@Suite("pair in a shared folder without the sticky bit")
struct SharedFolderRewriteTests {
    @Test("a movie someone else owns (0666) in a 0777 folder: --faststart rewrites it, no sticky-folder refusal",
          .enabled(if: geteuid() == 0 && SafetyTests.tool("setpriv") != nil, "needs root and setpriv to run as another user"))
    func foreignMovieRewritten() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(chmod(dir.path, 0o777) == 0)
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        #expect(chown(still, StickyFolderTests.runner, StickyFolderTests.runner) == 0)
        #expect(chown(movie, StickyFolderTests.otherOwner, StickyFolderTests.otherOwner) == 0 && chmod(movie, 0o666) == 0)

        let run = try StickyFolderTests.livephotoAsRunner(["pair", "-q", "--faststart", still, movie])
        #expect(run.status == 0 && !run.err.contains("sticky folder"), "\(run.status) \(run.err)")
        #expect(try SafetyTests.livephoto(["verify", "-q", still, movie]).status == 0)
    }
}
