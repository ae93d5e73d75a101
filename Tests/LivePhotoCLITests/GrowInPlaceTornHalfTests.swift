import Foundation
import Testing
import BinaryIO
import ISOBMFF

/// `--faststart` growing `moov` in place writes the new region in two halves, the step between
/// them being where a kill tears it (`movie-overwriting`). Killed there, the movie is the
/// paired form up to the middle of the journaled region and the original after it: the
/// journal's offset and length say where the region is, and the rerun puts it back whole.
/// The movie is two tiny frames: its new `moov` (with the still-image-time track and the keys
/// added) is more than twice the old one, so the region's middle lies past the old `moov`'s
/// end, among bytes the pair changes, and where the tear falls shows.
@Suite("safety: a kill mid-overwrite leaves the first half of the new moov region, the rest the old")
struct GrowInPlaceTornHalfTests {
    /// Two 64x48 frames, `moov` first with 20,000 bytes reserved after it, no encoder tags.
    static func makeSmallPaddedMovie(_ path: String) throws {
        let made = try SafetyTests.Started(try #require(GrowInPlaceKillTests.ffmpeg), ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10",
            "-t", "0.2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-map_metadata", "-1", "-fflags", "+bitexact", "-moov_size", "20000", "-f", "mov", path]).wait()
        try #require(made.status == 0, "ffmpeg: \(made.err)")
    }

    @Test("killed at movie-overwriting: the movie is paired bytes up to offset + length / 2, original bytes after", .requires(.ffmpeg))
    func tornAtTheHalf() throws {
        let dir = try CLITests.scratch(), reference = try CLITests.scratch()
        defer { for d in [dir, reference] { try? FileManager.default.removeItem(at: d) } }
        let movie = dir.appendingPathComponent("IMG.MOV").path, refMovie = reference.appendingPathComponent("IMG.MOV").path
        try Self.makeSmallPaddedMovie(movie)
        try FileManager.default.copyItem(atPath: movie, toPath: refMovie)
        let still = try CLITests.copy("still-exif-icc-xmp.jpg", to: dir, as: "IMG.JPG"), refStill = try CLITests.copy("still-exif-icc-xmp.jpg", to: reference, as: "IMG.JPG")
        let args = ["pair", "-q", "--faststart", "--id", SafetyTests.fixedID]
        let original = try #require(SafetyTests.bytes(movie))
        #expect(try SafetyTests.livephoto(args + [refStill, refMovie]).status == 0)
        let paired = try #require(SafetyTests.bytes(refMovie))
        try #require(paired.count == original.count, "grown in place: the size is kept")
        let oldMoovEnd = Int(try MovieFile.open(path: movie).moovHeader.end)

        let killed = try SafetyTests.livephoto(args + [still, movie], env: ["LIVEPHOTO_FAULT_AT": WriteStep.movieOverwriting.rawValue])
        #expect(killed.signalled)
        // The journal: "LPJRNL01", file size, offset, length, checksum (big-endian 64-bit each).
        let journal = try #require(SafetyTests.bytes(OverwriteJournal.path(for: movie)))
        try #require(journal.count >= 40 && journal.prefix(8).elementsEqual("LPJRNL01".utf8))
        let field = { (at: Int) in journal[at..<at + 8].reduce(0) { $0 << 8 | Int($1) } }
        let (offset, length) = (field(16), field(24))
        try #require(length > 1 && offset + length <= original.count && Array(journal.suffix(length)) == Array(original[offset..<offset + length]))
        let torn = try #require(SafetyTests.bytes(movie))
        let cut = offset + length / 2
        try #require(oldMoovEnd < cut, "the old moov ends before the region's middle")
        #expect(Array(torn[..<cut]) == Array(paired[..<cut]), "the first half is the new region's")
        #expect(Array(torn[cut...]) == Array(original[cut...]), "from the middle on the movie is its original")
        #expect(torn != original && torn != paired)
    }
}
