import Foundation
import Testing
import TestSupport

/// Where the file system has no hard links, `pair` backs the still up as a copy beside it
/// (`.IMG.JPG.livephoto-XXXXXX`) before it commits the new still: that copy is what a failed
/// movie commit puts back, so it is flushed to disk (and a failing flush refused) before the
/// new still takes the still's name, then dropped once the pair is done. Traced with strace,
/// with `link` failing as vfat's does (EPERM).
@Suite("pair without hard links: the still's backup copy is on disk before the new still is committed")
struct StillBackupCopySyncTests {
    @Test("link refused: the backup copy is created, fsynced before the rename over IMG.JPG, and removed at the end", .requires(.strace))
    func backupCopySyncedBeforeCommit() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let log = dir.appendingPathComponent("strace.log").path
        let arguments = WriteOrderTrace.straceArguments + ["-e", "inject=link,linkat:error=EPERM", "-o", log,
                                                           SafetyTests.binary, "pair", "--json", "--id", DurableWriteTests.fixedID, still, movie]
        let run = try SafetyTests.Started(try Support.requireTool("strace"), arguments).wait()
        #expect(run.status == 0, "\(run.err)")
        let trace = WriteOrderTrace(strace: try String(contentsOfFile: log, encoding: .utf8), root: dir.path)

        let events = trace.events
        let temporaries = events.compactMap { event -> String? in
            if case .create(let path) = event, path.hasPrefix(dir.path + "/.IMG.JPG.livephoto-") { return path }
            return nil
        }
        // The new still's temporary takes the still's name; the backup is the one removed at the end.
        let commit = try #require(events.firstIndex { if case .rename(let from, still) = $0 { return temporaries.contains(from) }; return false },
                                  "no temporary renamed over \(still): \(events)")
        let backups = temporaries.filter { events.contains(.unlink(path: $0)) }
        #expect(temporaries.count == 2 && backups.count == 1, "the new still and one backup copy: \(temporaries)")
        #expect(!events.contains { if case .link = $0 { return true }; return false }, "no link was made")
        let backup = try #require(backups.first)
        let synced = events.firstIndex(of: .sync(path: backup))
        #expect(synced.map { $0 < commit } == true, "the backup copy \(backup) was not fsynced before the commit (sync at \(synced.map(String.init) ?? "none"), rename at \(commit))")
        #expect(!FileManager.default.fileExists(atPath: backup))
    }
}
