import Foundation
import Testing

/// What `make` prints says which file it wrote and which it left alone.
@Suite("livephoto make: the text names each file written or left unchanged")
struct MakeTextOutputTests {
    @Test("make writes the still and the movie; made again after the still is gone, it writes the still and says the movie is unchanged")
    func movieUnchangedOnRemake() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "clip.mov")
        let first = try CLITests.livephoto(["make", movie])
        #expect(first.status == 0, "\(first.err)")
        let made = try #require(first.out.split(separator: "\n").first { $0.hasPrefix("made ") })
        let still = String(made.dropFirst("made ".count).prefix { $0 != " " })
        #expect(first.out.contains("  wrote: \(still)\n"), "\(first.out)")
        #expect(first.out.contains("  wrote: \(movie) ("), "\(first.out)")
        #expect(!first.out.contains("unchanged:"), "\(first.out)")

        try FileManager.default.removeItem(atPath: still)
        let movieBytes = try Data(contentsOf: URL(fileURLWithPath: movie))
        let again = try CLITests.livephoto(["make", movie])
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out.contains("  wrote: \(still)\n"), "\(again.out)")
        #expect(again.out.contains("  unchanged: \(movie) (it already carries the identifier and marks this still)\n"), "\(again.out)")
        #expect(!again.out.contains("  wrote: \(movie)"), "\(again.out)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: movie)) == movieBytes, "the movie is left byte for byte")
    }
}
