import Foundation
import Testing
import TestSupport
@testable import ISOBMFF
@testable import LivePhotoKit

/// An already-paired report says the still-image-time track is kept and carries no note: a
/// note (a track replaced, tracks removed) tells what a write did, and an already-paired run
/// writes nothing. `pair -o DIR` run again finds its outputs, whatever the input movie's
/// track looked like.
@Suite("pair -o DIR again: the already-paired report has no still-image-time note")
struct AlreadyPairedNoteTests {
    @Test("a movie whose still-image-time sample lies outside the video: the first run says it was replaced, the second run says nothing")
    func secondRunHasNoNote() throws {
        let dir = try TempDir()
        let source = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url, as: "source.mov")
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir.url)
        // A movie whose only still-image-time track sits at 5 s in a 2 s video.
        let plan = MovieRewritePlan(file: try MovieFile.open(path: source))
        try LivePhotoMovieEdit.apply(to: plan, identifier: "11111111-2222-3333-4444-555555555555", atMillisecond: 5000)
        let movie = dir.path("movie.mov")
        try WholeFileMovieWriter.prepare(plan, targetPath: movie).commit()
        try FileManager.default.createDirectory(atPath: dir.path("out"), withIntermediateDirectories: true)
        var options = PairOptions()
        options.outputDirectory = dir.path("out")

        let first = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(first.status == .paired && first.stillImageTime == .added)
        #expect(first.stillImageTimeNote?.hasPrefix("replaced: ") == true, "\(first.stillImageTimeNote ?? "nil")")

        let again = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(again.status == .alreadyPaired && again.stillOutput == first.stillOutput && again.movieOutput == first.movieOutput, "\(again.status)")
        #expect(again.stillImageTime == .kept)
        #expect(again.stillImageTimeNote == nil, "\(again.stillImageTimeNote ?? "nil")")
    }
}
