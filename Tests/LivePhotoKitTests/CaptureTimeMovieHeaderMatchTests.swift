import Testing
@testable import LivePhotoKit

/// A movie with no creationdate is still matched by time through its `mvhd` time, when the
/// still's EXIF offset makes the still an instant (`CaptureTimeCandidates` keeps such movies).
@Suite("Capture-time matching of a movie known only by mvhd")
struct CaptureTimeMovieHeaderMatchTests {
    @Test("a zoned still and a movie with only an mvhd time, names differing, are a candidate")
    func headerOnlyMovieIsACandidate() throws {
        let still = ScannedFile(path: "/l/DSC_0001.JPG", role: .still, format: .jpeg, identifier: nil, stillImageTimeTracks: 0, error: nil,
                                captureTime: CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+02:00"))
        let movie = ScannedFile(path: "/l/VID_0042.MOV", role: .movie, format: .quickTimeMovie, identifier: nil, stillImageTimeTracks: 0, error: nil,
                                captureTime: nil, headerCreationTime: CaptureTime.iso8601("2024-06-01T10:00:01Z"))
        let findings = LibraryMatcher.match([still, movie])
        let candidate = try #require(findings.first { $0.finding == .candidate })
        #expect(candidate.still == still.path && candidate.movie == movie.path)
        #expect(candidate.matchedBy == .captureTime)
        #expect(findings.count == 1)
    }
}
