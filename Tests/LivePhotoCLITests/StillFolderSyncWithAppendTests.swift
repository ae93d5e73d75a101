import Foundation
import Testing
import TestSupport

/// `pair` replacing a JPEG and tail-appending the movie flushes the still's folder together
/// with the append: the folder's fsync comes once the append is written, before the append's
/// own flush, not right after the still's rename.
@Suite("safety: the still's folder synced with the movie's append")
struct StillFolderSyncWithAppendTests {
    @Test("JPEG rewritten, movie tail-appended: the folder fsync after the still's rename follows the append's first write and precedes its flush",
          .requires(.strace))
    func folderSyncDeferredIntoTheAppend() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV")
        let (run, trace) = try DurableWriteTests.traced(["pair", "--json", "--id", DurableWriteTests.fixedID, still, movie], in: dir)
        #expect(run.status == 0, "\(run.err)")
        let report = try #require(SafetyTests.jsonObjects(run.out).first)
        try #require(report["stillWrite"] as? String == "rewrite" && report["movieWrite"] as? String == "tail-append", "\(report)")
        let events = trace.events
        let renamed = try #require(events.firstIndex { if case .rename(_, let to) = $0 { return to == still } else { return false } }, "\(events)")
        let after = events.indices.filter { $0 > renamed }
        let appended = try #require(after.first { if case .write(let path, _) = events[$0] { return path == movie } else { return false } }, "\(events)")
        let folderSync = try #require(after.first { events[$0] == .sync(path: dir.path) }, "\(events)")
        let movieFlush = try #require(after.first { events[$0] == .sync(path: movie) }, "\(events)")
        #expect(appended < folderSync, "the folder synced at call \(folderSync), before the append's first write at \(appended)")
        #expect(folderSync < movieFlush, "the folder synced at call \(folderSync), after the append's flush at \(movieFlush)")
    }
}
