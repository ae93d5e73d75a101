import Foundation
import Testing
@testable import LivePhotoKit

/// `SameMomentIndex` finds the first movie moment within the tolerance of a still's time by
/// binary search: each step must shrink the range (the middle between its ends, the low end
/// moved past a moment below the tolerance), so the search ends, and it ends on the first
/// moment in reach. Every call runs under a deadline (`WorkerPoolEndTests.finishes`), so a
/// search that stops shrinking fails the test instead of hanging the suite.
@Suite("capture-time index: the binary search ends, on the first moment in reach")
struct SameMomentIndexSearchEndTests {
    static let base: Int64 = 1_704_161_045

    /// A still at `stillAt` s (UTC), then movies known only by their `mvhd` time (UTC, no
    /// duration) at `moviesAt` s: files 1, 2, ... in that order.
    static func files(stillAt: Int64, moviesAt: [Int64]) -> [ScannedFile] {
        var still = ScannedFile(path: "/d/s", role: .still, format: .jpeg, identifier: nil, stillImageTimeTracks: 0, error: nil)
        still.captureTime = CaptureTime(wallClock: stillAt, utcOffset: 0)
        return [still] + moviesAt.enumerated().map { i, t in
            var movie = ScannedFile(path: "/d/m\(i + 1)", role: .movie, format: .quickTimeMovie, identifier: nil, stillImageTimeTracks: 0, error: nil)
            movie.headerCreationTime = CaptureTime(wallClock: t, utcOffset: 0)
            return movie
        }
    }

    /// The movies the index finds for the still (file 0), or nil when the search did not end.
    static func found(_ files: [ScannedFile]) -> [Int]? {
        let out = WorkerPoolEndTests.Box<[Int]?>(nil)
        let ended = WorkerPoolEndTests.finishes(within: 30) {
            let movies = SameMomentIndex(files, movies: Array(1..<files.count)).movies(takenWith: 0, files)
            out.update { $0 = movies }
        }
        return ended ? out.value : nil
    }

    @Test("movies at +0, +100 and +200 s, the still at +200 s: the search ends on the third")
    func lastOfThree() {
        let b = Self.base
        #expect(Self.found(Self.files(stillAt: b + 200, moviesAt: [b, b + 100, b + 200])) == [3])
    }

    /// Movies 100 s apart (so at most one is within 2 s of the still), the still on each in
    /// turn and past the last: every range the search can pass through, for 1 to 9 movies.
    @Test("1 to 9 movies 100 s apart, the still at each one and after the last: exactly that movie, or none")
    func stillAtEachMovie() {
        let b = Self.base
        for count in 1...9 {
            let moviesAt = (0..<count).map { b + 100 * Int64($0) }
            for k in 0...count {
                let expected = k < count ? [k + 1] : []
                let found = Self.found(Self.files(stillAt: b + 100 * Int64(k), moviesAt: moviesAt))
                #expect(found == expected, "\(count) movies, still at +\(100 * k) s: \(found.map { "\($0)" } ?? "the search did not end")")
                if found == nil { return }   // a search left running: do not start more
            }
        }
    }
}
