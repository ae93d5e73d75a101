import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `pair --wait SECONDS` is how long pair waits for another livephoto holding the files before
/// it gives up as busy (exit 4), for one pair and for folders alike. The busy line says how long
/// it waited, and a short wait gives up well before the 10 s default would.
@Suite("pair --wait: the wait asked for is the wait done")
struct PairLockWaitCLITests {
    @Test("with the movie locked, pair --wait 0.3 gives up as busy after 0.3 s, saying so; nothing changes",
          arguments: [false, true])
    func shortWaitIsHonoured(folder: Bool) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let stillBytes = try Support.bytes(still), movieBytes = try Support.bytes(movie)
        // Another run holding the movie: an exclusive lock on it, as a pair in progress holds.
        let fd = open(movie, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)

        let started = Date()
        let run = try CLITests.livephoto(folder ? ["pair", "--wait", "0.3", dir.path] : ["pair", "--wait", "0.3", still, movie])
        let elapsed = Date().timeIntervalSince(started)

        #expect(run.status == 4, "\(run.err)")
        #expect(run.err.contains("livephoto: \(movie): busy"), "\(run.err)")
        #expect(run.err.contains("(waited 0.3 s; try again)"), "the wait asked for, not the default: \(run.err)")
        // The default wait is 10 s; 0.3 s plus a process start is far below it even on a busy machine.
        #expect(elapsed < 8, "pair took \(elapsed) s to give up")
        #expect(try Support.bytes(still) == stillBytes && Support.bytes(movie) == movieBytes)
    }

    /// `verify DIR` checks a pair its scan found invalid again under the locks: with the movie
    /// held by another run, it waits as long as `--wait` says, then reports the pair busy (exit 4,
    /// a refusal, not an unreadable file).
    @Test("verify --wait 0.3 DIR with an invalid pair's movie locked: busy after 0.3 s, exit 4")
    func verifyFolderWaitIsHonoured() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        let fd = open(movie, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)

        let started = Date()
        let run = try CLITests.livephoto(["verify", "--wait", "0.3", dir.path])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 4, "\(run.err)")
        #expect(run.err.contains("busy") && run.err.contains("(waited 0.3 s; try again)"), "\(run.err)")
        #expect(run.err.contains("verify: 1 pair: 0 valid, 0 invalid, 1 failed, 0 unreadable files ("), "\(run.err)")
        #expect(elapsed < 8, "verify took \(elapsed) s to give up")
    }

    /// `convert` holds its inputs as `pair` does: with one held by another run it waits as long
    /// as `--wait` says, then gives up as busy (exit 4), both ways, writing nothing.
    @Test("convert --wait 0.3 with the input locked: busy after 0.3 s, exit 4, nothing written (Motion → Live and Live → Motion)",
          .requires(.python3), arguments: [false, true])
    func convertWaitIsHonoured(liveToMotion: Bool) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let inputs: [String]
        if liveToMotion {
            inputs = [try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG"), try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")]
        } else {
            try ConvertCLITests.motionPhotos(in: dir)
            inputs = [dir.appendingPathComponent("PXL_20240101_120000000.MP.jpg").path]
        }
        let fd = open(inputs.last!, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)

        let started = Date()
        let run = try CLITests.livephoto(["convert", "--wait", "0.3", "-o", out.path] + inputs)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 4, "\(run.err)")
        #expect(run.err.contains("busy") && run.err.contains("(waited 0.3 s; try again)"), "\(run.err)")
        #expect(elapsed < 8, "convert took \(elapsed) s to give up")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
