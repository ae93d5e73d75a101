import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A shared folder like /tmp (`chmod 1777`): only a file's owner (or the folder's) may replace
/// or remove a name there. The still's backup is a hard link named `.NAME.livephoto-…`, so a
/// refused pair must never leave one behind that its user could then not remove. The tests run
/// as root, so `livephoto` runs here as another user (`setpriv`), on files owned by itself or
/// by a third user.
@Suite("pair in a sticky shared folder")
struct StickyFolderTests {
    static let runner: uid_t = 65534          // the user running `livephoto`
    static let otherOwner: uid_t = 4321       // someone else, who owns the files

    enum Refusal: String, CaseIterable {
        case permission, foreignMakerNote, busy, diskFull, signal
    }

    /// `livephoto ARGS` as `runner`, optionally under `ulimit -f BLOCKS`.
    static func livephotoAsRunner(_ args: [String], env: [String: String] = [:], fileBlocks: Int? = nil) throws -> ProcessResult {
        let setpriv = try #require(SafetyTests.tool("setpriv"))
        let ids = ["--reuid=\(runner)", "--regid=\(runner)", "--clear-groups"]
        guard let fileBlocks else { return try StartedProcess(setpriv, ids + [SafetyTests.binary] + args, env: env).wait() }
        let script = "ulimit -f \(fileBlocks); exec \"$0\" \"$@\""
        return try StartedProcess(setpriv, ids + ["/bin/bash", "-c", script, SafetyTests.binary] + args, env: env).wait()
    }

    /// `dir` made a sticky shared folder holding IMG_0001.JPG (a copy of `stillFixture`) and IMG_0001.MOV.
    static func stickyPair(in dir: URL, stillFixture: String = "still-no-exif.jpg") throws -> (still: String, movie: String) {
        #expect(chmod(dir.path, 0o1777) == 0)
        return (try CLITests.copy(stillFixture, to: dir, as: "IMG_0001.JPG"), try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV"))
    }

    static func names(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test("a refused pair (permission, foreign MakerNote, busy, disk full, signal) leaves exactly the original names and bytes",
          .enabled(if: geteuid() == 0 && SafetyTests.tool("setpriv") != nil, "needs root and setpriv to run as another user"),
          arguments: Refusal.allCases, [false, true])
    func refusalLeavesNoName(_ refusal: Refusal, ownedByRunner: Bool) throws {
        if refusal == .permission && ownedByRunner { return }   // its own files are the runner's to replace
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.stickyPair(in: dir, stillFixture: refusal == .foreignMakerNote ? "still-foreign-makernote.jpg" : "still-no-exif.jpg")
        let owner = ownedByRunner ? Self.runner : Self.otherOwner
        for path in [still, movie] {
            #expect(chown(path, owner, owner) == 0)
            #expect(chmod(path, 0o666) == 0)
        }
        let before = Self.names(dir)
        let sb = SafetyTests.bytes(still), mb = SafetyTests.bytes(movie)

        let run: ProcessResult
        switch refusal {
        case .permission, .foreignMakerNote:
            run = try Self.livephotoAsRunner(["pair", still, movie])
        case .busy:
            let fd = open(movie, O_RDONLY)
            defer { close(fd) }
            #expect(flock(fd, LOCK_EX) == 0)
            run = try Self.livephotoAsRunner(["pair", "--wait", "0.3", still, movie])
        case .diskFull:
            // Room for the new still, not for the movie's append.
            run = try Self.livephotoAsRunner(["pair", still, movie], fileBlocks: (sb!.count + 2048) / 1024)
        case .signal:
            run = try Self.livephotoAsRunner(["pair", still, movie], env: ["LIVEPHOTO_FAULT_AT": "still-prepared", "LIVEPHOTO_FAULT_SIGNAL": "INT"])
        }
        #expect(run.status != 0 && !run.signalled, "\(refusal): \(run.status) \(run.err)")
        #expect(run.err.split(separator: "\n").count == 1, "\(refusal): \(run.err)")
        if !ownedByRunner && refusal != .busy && refusal != .foreignMakerNote {
            #expect(run.err.contains("sticky folder"), "\(refusal): \(run.err)")
        }
        #expect(Self.names(dir) == before, "\(refusal), owned by runner: \(ownedByRunner)")
        #expect(SafetyTests.bytes(still) == sb && SafetyTests.bytes(movie) == mb)
    }

    @Test("the runner's own files in a sticky folder pair, and leave no name behind",
          .enabled(if: geteuid() == 0 && SafetyTests.tool("setpriv") != nil, "needs root and setpriv to run as another user"))
    func ownFilesPair() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.stickyPair(in: dir)
        for path in [still, movie] { #expect(chown(path, Self.runner, Self.runner) == 0) }
        let before = Self.names(dir)
        let run = try Self.livephotoAsRunner(["pair", "-q", still, movie])
        #expect(run.status == 0, "\(run.err)")
        #expect(Self.names(dir) == before)
        #expect(try SafetyTests.livephoto(["verify", "-q", still, movie]).status == 0)
    }

    /// The still is the runner's; the movie (mode 0666) is someone else's. Appending to the
    /// movie in place is allowed; `--faststart` rewrites it by a rename, which the sticky folder
    /// forbids: refused before anything is written, naming the movie.
    @Test("a movie someone else owns: appended in place, but --faststart is refused naming the movie",
          .enabled(if: geteuid() == 0 && SafetyTests.tool("setpriv") != nil, "needs root and setpriv to run as another user"))
    func foreignMovieRewriteRefused() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.stickyPair(in: dir)
        #expect(chown(still, Self.runner, Self.runner) == 0)
        #expect(chown(movie, Self.otherOwner, Self.otherOwner) == 0 && chmod(movie, 0o666) == 0)
        let before = Self.names(dir)
        let sb = SafetyTests.bytes(still), mb = SafetyTests.bytes(movie)

        let refused = try Self.livephotoAsRunner(["pair", "--faststart", still, movie])
        #expect(refused.status != 0 && !refused.signalled, "\(refused.status) \(refused.err)")
        #expect(refused.err.split(separator: "\n").count == 1 && refused.err.contains(movie) && refused.err.contains("sticky folder"), "\(refused.err)")
        #expect(Self.names(dir) == before)
        #expect(SafetyTests.bytes(still) == sb && SafetyTests.bytes(movie) == mb)

        let appended = try Self.livephotoAsRunner(["pair", "-q", still, movie])
        #expect(appended.status == 0, "\(appended.err)")
        #expect(Self.names(dir) == before)
        #expect(try SafetyTests.livephoto(["verify", "-q", still, movie]).status == 0)
    }
}
