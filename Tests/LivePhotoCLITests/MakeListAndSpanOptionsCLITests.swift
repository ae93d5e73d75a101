import Foundation
import Testing
import TestSupport

/// `make`'s own options reach what it does: `--null` and `--files-from` are checked like the
/// folder commands check them (a list and paths together, or `--null` without a list, are
/// usage errors, exit 2, before anything is made), and `--duration` sets the wallpaper span.
@Suite("livephoto make: file-list options checked, --duration used")
struct MakeListAndSpanOptionsCLITests {
    @Test("--null without --files-from, and --files-from with a movie beside it: exit 2 naming the rule, nothing made")
    func fileListUsageErrors() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let list = dir.appendingPathComponent("list.txt")
        try Data((movie + "\n").utf8).write(to: list)
        let cases: [([String], String)] = [
            (["make", "--null", movie], "--null says how --files-from's list is separated; give --files-from FILE"),
            (["make", "--files-from", list.path, movie], "--files-from lists the files to work on; give no folders or files with it"),
        ]
        for (args, message) in cases {
            let run = try CLITests.livephoto(args)
            #expect(run.status == 2, "\(args): \(run.status) \(run.err)")
            #expect(run.err.contains(message), "\(args): \(run.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["clip.mov", "list.txt"])
    }

    @Test("make --wallpaper --start 0 --duration 1 on the 2 s fixture: a movie of 1 s, not the whole 2 s", .requires(.ffprobe))
    func durationSetsTheSpan() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let source = try Support.ffprobeJSON(["-show_entries", "format=duration"], file: movie)
        let sourceSeconds = try #require(Double((source["format"] as? [String: Any])?["duration"] as? String ?? ""))
        try #require(sourceSeconds > 1.8, "the fixture lasts about 2 s: \(sourceSeconds)")
        let run = try CLITests.livephoto(["make", "--wallpaper", "-q", "--start", "0", "--duration", "1", movie])
        #expect(run.status == 0, "\(run.err)")
        let made = dir.appendingPathComponent("clip-wallpaper.MOV").path
        let probe = try Support.ffprobeJSON(["-show_entries", "format=duration"], file: made)
        let seconds = try #require(Double((probe["format"] as? [String: Any])?["duration"] as? String ?? ""))
        #expect(abs(seconds - 1) < 0.1, "\(seconds) s")
    }
}
