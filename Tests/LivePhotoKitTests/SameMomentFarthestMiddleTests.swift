import Foundation
import Testing
@testable import LivePhotoKit

/// A movie's middle is indexed up to the farthest `sameMoment` can reach (the largest zone
/// offset plus the tolerance, plus the tolerance again): a movie whose half-duration is exactly
/// that bound is found through its middle, as comparing the pair finds it.
@Suite("capture-time index: a movie's middle at the farthest reach is indexed")
struct SameMomentFarthestMiddleTests {
    static let base: Int64 = 1_704_161_045
    /// (14 h + 2 s) + 2 s, in ms: the farthest middle the index keeps.
    static let farthestMiddle: Int64 = (14 * 3600 + 2) * 1000 + 2000

    static func files(stillAfter seconds: Int64, durationMs: Int64) -> [ScannedFile] {
        var still = ScannedFile(path: "/d/s", role: .still, format: .jpeg, identifier: nil, stillImageTimeTracks: 0, error: nil)
        still.captureTime = CaptureTime(wallClock: base + seconds, utcOffset: 0)
        var movie = ScannedFile(path: "/d/m", role: .movie, format: .quickTimeMovie, identifier: nil, stillImageTimeTracks: 0, error: nil)
        movie.headerCreationTime = CaptureTime(wallClock: base, utcOffset: 0)
        movie.durationMilliseconds = durationMs
        return [still, movie]
    }

    @Test("half the duration exactly the bound, the still 2 s before the middle: found, as the pair compares")
    func middleAtTheBound() {
        let files = Self.files(stillAfter: 14 * 3600 + 2, durationMs: 2 * Self.farthestMiddle)
        #expect(CaptureTimeCandidates.sameMoment(files[0], files[1]), "the pair itself is the same moment")
        #expect(SameMomentIndex(files, movies: [1]).movies(takenWith: 0, files) == [1])
    }

    @Test("one ms past the bound: the middle is out of reach, and the pair is not the same moment either")
    func middlePastTheBound() {
        let files = Self.files(stillAfter: 14 * 3600 + 2, durationMs: 2 * Self.farthestMiddle + 2)
        #expect(!CaptureTimeCandidates.sameMoment(files[0], files[1]))
        #expect(SameMomentIndex(files, movies: [1]).movies(takenWith: 0, files) == [])
    }
}
