import Testing
@testable import LivePhotoKit

/// Matching by capture time from the movie's side: a movie taken at the same moment as two
/// stills of its folder (whose names match nothing) is `capture-time-ambiguous`, naming both
/// stills, and neither still becomes its candidate.
@Suite("capture time: a movie of the same moment as two stills is ambiguous")
struct CaptureTimeAmbiguousMovieTests {
    @Test("one movie, two stills at its moment: one ambiguous finding for the movie, naming both stills; no candidate")
    func movieWithTwoStills() throws {
        let t = CaptureTime(wallClock: 1_704_161_045, utcOffset: 3600)
        let findings = LibraryMatcher.match([LibraryMatcherEdgeTests.file("/l/DSC_1.JPG", .still, id: nil, time: t),
                                             LibraryMatcherEdgeTests.file("/l/DSC_2.JPG", .still, id: nil, time: t),
                                             LibraryMatcherEdgeTests.file("/l/VID_9.MOV", .movie, id: nil, time: t)])
        let movie = try #require(findings.first { $0.movie == "/l/VID_9.MOV" }, "\(findings)")
        #expect(movie.finding == .captureTimeAmbiguous)
        #expect(movie.matches == ["/l/DSC_1.JPG", "/l/DSC_2.JPG"])
        #expect(movie.detail == "taken at the same moment as 2 stills: DSC_1.JPG, DSC_2.JPG; not paired by time")
        #expect(!findings.contains { $0.finding == .candidate })
    }
}
