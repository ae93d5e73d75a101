import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// Capture-time matching looks only at the movies near each still in time (`SameMomentIndex`);
/// it must find exactly what comparing every still with every movie finds.
@Suite("capture-time matching: the sorted index finds what comparing every pair finds")
struct SameMomentIndexPropertyTests {
    /// Times clustered around one moment (so many pairs are near), with zones, creationdates,
    /// `mvhd` times, durations and identifiers present or not, and a few far out of range.
    static func time(_ rng: inout SplitMix64, base: Int64) -> CaptureTime? {
        switch rng.next() % 10 {
        case 0: return nil
        case 1: return CaptureTime(wallClock: Int64(rng.next() >> 2), utcOffset: 0)   // anywhere, beyond milliseconds too (an `mvhd` can say so)
        default:
            let wall = base + Int64(rng.next() % 120) - 60 + [0, 3600, -7200][Int(rng.next() % 3)]
            let offset: Int64? = rng.next() % 3 == 0 ? nil : Int64(rng.next() % 9) * 900 - 3600
            return CaptureTime(wallClock: wall, utcOffset: offset)
        }
    }

    static func files(seed: Int, stills: Int, movies: Int) -> [ScannedFile] {
        var rng = SplitMix64(seed: UInt64(seed))
        let base: Int64 = 1_704_161_045
        let ids = [nil, "A", "B"]
        var files: [ScannedFile] = []
        for i in 0..<(stills + movies) {
            let still = i < stills
            var f = ScannedFile(path: "/d/\(i)", role: still ? .still : .movie, format: still ? .jpeg : .quickTimeMovie,
                                identifier: ids[Int(rng.next() % 3)], stillImageTimeTracks: 0, error: nil)
            f.captureTime = time(&rng, base: base)
            if !still {
                if rng.next() % 2 == 0 { f.headerCreationTime = time(&rng, base: base).map { CaptureTime(wallClock: $0.wallClock, utcOffset: 0) } }
                let durations: [Int64?] = [nil, 0, 3000, Int64(rng.next() % 200_000), Int64.max, 50_400_000]
                f.durationMilliseconds = durations[Int(rng.next() % UInt64(durations.count))]
            }
            files.append(f)
        }
        return files
    }

    @Test("for every still, the same movies in the same order as every still against every movie")
    func sameAsEveryPair() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...12), Gen.nearEnds(in: 0...12)) { seed, stillCount, movieCount in
            let files = Self.files(seed: seed, stills: stillCount, movies: movieCount)
            let stills = Array(0..<stillCount), movies = Array(stillCount..<(stillCount + movieCount))
            let index = SameMomentIndex(files, movies: movies)
            for s in stills {
                let everyPair = movies.filter { CaptureTimeCandidates.sameMoment(files[s], files[$0]) }
                #expect(index.movies(takenWith: s, files) == everyPair, "seed \(seed), still \(s)")
            }
        }
    }

    @Test("the rule's edges: 2 s from the start or the middle, local against creationdate wall clock, mvhd only with a zone")
    func edges() {
        let base: Int64 = 1_704_161_045
        func still(_ wall: Int64, _ offset: Int64?) -> ScannedFile {
            var f = ScannedFile(path: "/d/s", role: .still, format: .jpeg, identifier: nil, stillImageTimeTracks: 0, error: nil)
            f.captureTime = CaptureTime(wallClock: wall, utcOffset: offset)
            return f
        }
        func movie(_ i: Int, date: CaptureTime?, header: Int64?, ms: Int64?) -> ScannedFile {
            var f = ScannedFile(path: "/d/m\(i)", role: .movie, format: .quickTimeMovie, identifier: nil, stillImageTimeTracks: 0, error: nil)
            f.captureTime = date
            f.headerCreationTime = header.map { CaptureTime(wallClock: $0, utcOffset: 0) }
            f.durationMilliseconds = ms
            return f
        }
        let files = [still(base + 3600, 3600),
                     movie(1, date: nil, header: base - 2, ms: nil),                               // 2 s before: yes
                     movie(2, date: nil, header: base - 3, ms: nil),                               // 3 s: no
                     movie(3, date: nil, header: base - 10, ms: 16_000),                           // middle at -2 s: yes
                     movie(4, date: CaptureTime(wallClock: base + 3600 + 2, utcOffset: nil), header: nil, ms: nil),   // wall clock: yes
                     movie(5, date: CaptureTime(wallClock: base + 7200, utcOffset: 7200), header: base, ms: nil)]     // same instant: yes
        let index = SameMomentIndex(files, movies: [1, 2, 3, 4, 5])
        #expect(index.movies(takenWith: 0, files) == [1, 3, 4, 5])
    }
}
