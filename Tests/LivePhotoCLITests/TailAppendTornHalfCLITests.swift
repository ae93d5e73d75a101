import Foundation
import Testing
import BinaryIO
import ISOBMFF

/// A tail edit appends in two halves, the step between them being where a kill tears it
/// (`movie-appending`). Killed there, the movie is its original bytes followed by exactly the
/// first half of what the finished edit appends (its marker, new `mdat` and `moov`), the
/// same bytes as that edit's, and nothing after.
@Suite("safety: a kill mid-append leaves the original bytes and the first half of the append")
struct TailAppendTornHalfCLITests {
    @Test("killed at movie-appending: original + the first half of the finished edit's append, byte for byte")
    func tornAtTheHalf() throws {
        let dir = try CLITests.scratch(), reference = try CLITests.scratch()
        defer { for d in [dir, reference] { try? FileManager.default.removeItem(at: d) } }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG.MOV"), refMovie = try CLITests.copy("movie-moov-last.mov", to: reference, as: "IMG.MOV")
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG.JPG"), refStill = try CLITests.copy("still-no-exif.jpg", to: reference, as: "IMG.JPG")
        let args = ["pair", "-q", "--id", SafetyTests.fixedID]
        let original = try #require(SafetyTests.bytes(movie))
        let done = try SafetyTests.livephoto(["pair", "--json", "--id", SafetyTests.fixedID, refStill, refMovie])
        #expect(done.status == 0, "\(done.err)")
        #expect(SafetyTests.jsonObjects(done.out).first?["movieWrite"] as? String == "tail-append")
        let paired = try #require(SafetyTests.bytes(refMovie))
        let appended = paired.count - original.count
        try #require(appended > 2, "the finished edit appends")

        let killed = try SafetyTests.livephoto(args + [still, movie], env: ["LIVEPHOTO_FAULT_AT": WriteStep.movieAppending.rawValue])
        #expect(killed.signalled)
        let torn = try #require(SafetyTests.bytes(movie))
        #expect(torn.count == original.count + appended / 2, "\(torn.count - original.count) of \(appended) bytes appended")
        #expect(Array(torn.prefix(original.count)) == original, "the original bytes are untouched")
        #expect(Array(torn[original.count...]) == Array(paired[original.count ..< min(torn.count, paired.count)]), "the first half is the finished edit's")
    }
}
