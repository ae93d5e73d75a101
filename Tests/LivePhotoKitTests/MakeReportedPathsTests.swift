import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import LivePhotoKit

/// `make` names the user's own paths: a refusal from its `pair` step names the file it is about
/// (only the hidden scratch still is renamed to the still asked for), and a still already made
/// reports the movie by the path it was given, not a spelling of it found beside the still.
@Suite("make: the paths its refusals and results name")
struct MakeReportedPathsTests {
    /// -o DIR already holding someone else's movie under the pair's movie name: `pair` refuses
    /// that movie, and the error names it, not the still `make` was about to write.
    @Test("a refusal of the movie output in -o DIR names that movie, not the new still")
    func pairRefusalNamesTheMovie() throws {
        let dir = try TempDir()
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir.url)
        let out = dir.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: false)
        let foreign = try Support.copy(Support.fixture("movie-moov-last.mov"), to: out, as: "movie-moov-first.mov")
        var options = MakeOptions()
        options.outputDirectory = out.path
        let error = try #require(throws: LivePhotoError.self) { try MakeOperation.run(movie: movie, options: options) }
        #expect(error.category == .refused)
        #expect(error.path == foreign, "\(error.path)")
        #expect(error.reason.contains("is not this pair's output"), "\(error.reason)")
        #expect(try Support.bytes(foreign) == Support.bytes(Support.fixture("movie-moov-last.mov")))
    }

    /// The movie given as `DIR/./IMG_0001.MOV`: the movie beside the still is the same file
    /// spelled `DIR/IMG_0001.MOV`; bound to the still already, it is reported as given.
    @Test("a still already made for a bound movie: the movie output is the movie path as given")
    func alreadyMadeReportsTheMovieAsGiven() throws {
        let dir = try TempDir()
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url, as: "IMG_0001.MOV")
        let given = dir.url.path + "/./IMG_0001.MOV"
        let first = try MakeOperation.run(movie: given)
        #expect(first.status == .made)
        let again = try MakeOperation.run(movie: given)
        #expect(again.status == .alreadyMade)
        #expect(again.identifier == first.identifier)
        #expect(again.movieOutput == given, "\(again.movieOutput)")
    }
}
