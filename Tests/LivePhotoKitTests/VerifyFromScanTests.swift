import Foundation
import Testing
import BinaryIO
import ISOBMFF
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// `verify DIR` checks pairs from what its scan read (no second open of every file): the
/// report built from the scan's facts must be the report a single `verify` of the pair gives.
@Suite("verify DIR: reports from the scan's reads")
struct VerifyFromScanTests {
    @Test("for every pair of the test library, with and without --strict, the report from the scan equals a single verify's",
          arguments: [false, true])
    func sameReport(_ strict: Bool) throws {
        let lib = try LibraryTests.Library()
        defer { lib.cleanup() }
        // Also a HEIC pair and a rotated-size-free pair with warnings (no tref, MP4 brand...).
        let heic = try Support.copy(Support.fixture("still-heic.heic"), to: lib.root, as: "a/HEIC_1.HEIC")
        let heicMovie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: lib.root, as: "a/HEIC_1.MOV")
        _ = try PairOperation.run(still: heic, movie: heicMovie)

        let scan = LibraryScanner.scan([lib.path], jobs: 2, forVerify: true)
        let read = Dictionary(scan.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(scan.pairs.count == 6)
        let byFile = InterruptedPairLeftovers.byFile(scan.files)
        #expect(byFile.values.map(\.temporaries.count).reduce(0, +) == 1, "the library's one stale temporary")
        for pair in scan.pairs {
            let still = try #require(pair.still), movie = try #require(pair.movie)
            guard let stillFacts = read[still]?.stillFacts, let movieFacts = read[movie]?.movieFacts else {
                // A pair found across folders waited as two keys (the streaming scan keeps no
                // facts for them; verify DIR reads them again); any other readable pair has its facts.
                let acrossFolders = (still as NSString).deletingLastPathComponent != (movie as NSString).deletingLastPathComponent
                #expect(read[movie]?.error != nil || acrossFolders, "\(still) + \(movie): facts missing from a readable pair")
                continue
            }
            // What verify DIR looks up beside the files once for the folder (the library holds a
            // killed pair's temporary beside one movie: both reports name it).
            let leftovers = byFile[still, default: .init()] + byFile[movie, default: .init()]
            #expect(leftovers == InterruptedPairLeftovers.find(still: still, movie: movie))
            let fromScan = Verifier.report(still: still, stillFacts: stillFacts, movie: movie, movieFacts: movieFacts, strict: strict, decodeStill: strict, leftovers: leftovers)
            let single = try Verifier.verify(still: still, movie: movie, strict: strict, decodeStill: strict)
            // The same verdict, check by check; only a passed movie check's detail text is
            // not kept by the scan (verify DIR reports names only).
            #expect(fromScan.valid == single.valid && fromScan.stillIdentifier == single.stillIdentifier
                    && fromScan.movieIdentifier == single.movieIdentifier, "\(still) + \(movie)")
            #expect(fromScan.checks.count == single.checks.count, "\(still) + \(movie)")
            for (a, b) in zip(fromScan.checks, single.checks) {
                #expect(a.name == b.name && a.passed == b.passed && a.level == b.level && a.strict == b.strict && a.notChecked == b.notChecked,
                        "\(still) + \(movie): \(a.name)")
                #expect(a.detail == b.detail || (a.passed && a.detail.isEmpty), "\(still) + \(movie): \(a.name)")
            }
            let full = Verifier.report(still: still, stillFacts: stillFacts, movie: movie,
                                       movieFacts: MovieVerifyFacts(try MovieFile.open(path: movie)), strict: strict, decodeStill: strict, leftovers: leftovers)
            #expect(full == single, "with every detail kept, the very same report: \(still) + \(movie)")
        }
        // A plain scan keeps none of it (its memory stays small).
        #expect(LibraryScanner.scan([lib.path], jobs: 2).files.allSatisfy { $0.stillFacts == nil && $0.movieFacts == nil })
    }

    @Test("a half state the scan might see (still re-paired, movie not yet) is invalid, never valid: the batch re-checks such a pair under the locks")
    func invalidIsRechecked() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_1.JPG")
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "IMG_1.MOV")
        var options = PairOptions()
        options.identifier = .given("11111111-2222-3333-4444-555555555555")
        _ = try PairOperation.run(still: still, movie: movie, options: options)
        // The scan's view: the still read before a re-pair, the movie after it (a half state).
        let scan = LibraryScanner.scan([dir.path], jobs: 1, forVerify: true)
        var stillFacts = try #require(scan.files.first { $0.path == still }?.stillFacts)
        let movieFacts = try #require(scan.files.first { $0.path == movie }?.movieFacts)
        stillFacts.facts.contentIdentifier = "99999999-2222-3333-4444-555555555555"
        let half = Verifier.report(still: still, stillFacts: stillFacts, movie: movie, movieFacts: movieFacts, strict: false, decodeStill: false)
        #expect(!half.valid && half.errors.map(\.name.rawValue) == ["identifiers-equal"])
        // The batch itself reports the pair as the files are.
        let outcomes = BatchOperations.verify(roots: [dir.path], strict: false, jobs: 1).outcomes
        #expect(outcomes.map(\.status) == [.valid])
    }
}

@Suite("verify: check texts without String(format:)")
struct CheckTextTests {
    @Test("seconds are written as %.3f writes them (away from the exact midpoints, where the formatter sees a rounded double)")
    func secondsMatchTheFormatter() async {
        await propertyCheck(input: Gen.nearEnds(in: -50_000_000...50_000_000), Gen.element(of: [1, 25, 600, 1000, 2997, 30000, 44100, 90000] as [UInt32])) { tick, scale in await Support.failingOnThrow {
            let ts = scale!
            let exact = Double(tick) / Double(ts)
            // Skip values within a hair of a midpoint: there the double the formatter rounds is off.
            let distance = abs((exact * 1000).truncatingRemainder(dividingBy: 1)) - 0.5
            guard abs(distance) > 1e-6 else { return }
            #expect(CheckText.seconds(Int64(tick), timescale: ts) == String(format: "%.3f s", exact), "\(tick)/\(ts)")
        } }
        #expect(CheckText.seconds(820, timescale: 600) == "1.367 s")
        #expect(CheckText.seconds(-1, timescale: 1000) == "-0.001 s")
        #expect(CheckText.seconds(5, timescale: 0) == String(format: "%.3f s", 5.0 / 0.0))
    }

    @Test("sizes are written as %.0f writes them")
    func wholeMatchesTheFormatter() {
        for v in [0.0, 1, 1920, 1080, 4032, 3024, 1919.5, 2.5, 1e20, -3] {
            #expect(CheckText.whole(v) == String(format: "%.0f", v), "\(v)")
        }
    }
}
