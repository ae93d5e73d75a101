import Foundation
import Testing

/// The folder commands' summary lines count in words a person reads: one file is "1 file read".
@Suite("summary counts")
struct SummaryCountCLITests {
    @Test("a folder of one still: every folder command's summary says 1 file read")
    func oneFileRead() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        let expected: [(args: [String], summary: String)] = [
            (["scan"], "scan: 1 file read: "),
            (["pair", "--dry-run"], "pair: 0 candidates: 0 paired, 0 already paired, 0 dry-run, 0 failed, 0 unreadable files; 0 Live Photos already there, 0 identifier mismatches and 0 capture-time mismatches left alone (1 file read)"),
            (["verify"], "verify: 0 pairs: 0 valid, 0 invalid, 0 failed, 0 unreadable files (1 file read)"),
            (["make", "--dry-run"], "make: 0 movies without a still: 0 made, 0 already made, 0 dry-run, 0 failed; 0 Live Photos already there (1 file read)"),
            (["convert", "--dry-run"], "(1 file read)"),
        ]
        for (args, summary) in expected {
            let run = try CLITests.livephoto(args + [dir.path])
            #expect(run.status == 0, "\(args): \(run.err)")
            #expect(run.err.contains(summary), "\(args): \(run.err)")
            #expect(!run.err.contains("1 files"), "\(args): \(run.err)")
        }
    }

    @Test("inspect: the still-image-time track of a paired movie has 1 sample, the video 30 samples")
    func oneSample() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_0001.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_0001.MOV")
        #expect(try CLITests.livephoto(["pair", "-q", still, movie]).status == 0)
        let run = try CLITests.livephoto(["inspect", movie])
        #expect(run.status == 0, "\(run.err)")
        let tracks = run.out.split(separator: "\n").filter { $0.hasPrefix("  track ") }
        #expect(tracks.count == 2, "\(run.out)")
        #expect(tracks.first { $0.contains("vide") }?.hasSuffix(", 30 samples") == true, "\(run.out)")
        #expect(tracks.first { $0.contains("meta") }?.hasSuffix(", 1 sample") == true, "\(run.out)")
    }
}
