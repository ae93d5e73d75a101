import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF
@testable import LivePhotoKit

/// Takeout keeps a Live Photo's identifiers and drops its movie's dates: `pair` (and `pair DIR`)
/// gives such an already-paired movie the still's capture time, and writes nothing else.
@Suite("already paired, movie without a date: only the date is written")
struct AlreadyPairedDateTests {
    /// A Live Photo whose movie has no date and whose still has none in EXIF, then a Takeout
    /// sidecar beside the still (what Takeout leaves): (still, movie) in `dir`.
    static func takeoutLivePhoto(in dir: URL) throws -> (still: String, movie: String) {
        let movie = try MovieDateTests.undatedCopy("movie-moov-last.mov", in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_0001.JPG")
        let first = try PairOperation.run(still: still, movie: movie)
        #expect(first.status == .paired && first.movieDate?.creationDate == nil)
        _ = try Support.write(Array(#"{"title":"IMG_0001.JPG","photoTakenTime":{"timestamp":"1685620800"}}"#.utf8), in: dir, name: "IMG_0001.JPG.json")
        return (still, movie)
    }

    @Test("pair: already paired, the date written (tail append, still untouched, samples kept); a rerun writes nothing")
    func writesOnlyTheDate() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.takeoutLivePhoto(in: dir)
        let stillBytes = try Support.bytes(still)
        let samples = try Support.sampleBytes(movie)
        let identifier = try MovieFile.open(path: movie).movie.contentIdentifier

        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.status == .alreadyPaired)
        #expect(result.movieDate?.creationDate == "2023-06-01T12:00:00+0000" && result.movieDate?.source == .takeoutSidecar)
        #expect(result.stillWrite == .none && result.movieWrite == .tailAppend && result.stillImageTime == .kept)
        #expect(try Support.bytes(still) == stillBytes)
        let after = try MovieFile.open(path: movie).movie
        #expect(after.creationDate == "2023-06-01T12:00:00+0000" && after.contentIdentifier == identifier)
        #expect(try MovieDateTests.headerTimes(movie).allSatisfy { $0.creation == 1_685_620_800 + 2_082_844_800 })
        #expect(try Support.sampleBytes(movie) == samples)
        #expect(try Verifier.verify(still: still, movie: movie, strict: false, decodeStill: false).valid)

        let movieBytes = try Support.bytes(movie)
        let again = try PairOperation.run(still: still, movie: movie)
        #expect(again.status == .alreadyPaired && again.movieDate == nil && again.movieWrite == .none)
        #expect(try Support.bytes(movie) == movieBytes && (try Support.bytes(still)) == stillBytes)
    }

    @Test("--dry-run: already paired, the date it would write, nothing written; without a time to give, nothing")
    func dryRunAndNoTime() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.takeoutLivePhoto(in: dir)
        let before = (try Support.bytes(still), try Support.bytes(movie))
        var options = PairOptions()
        options.dryRun = true
        let dry = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(dry.status == .alreadyPaired && dry.movieDate?.creationDate == "2023-06-01T12:00:00+0000" && dry.movieWrite == .tailAppend)
        #expect(try Support.bytes(still) == before.0 && (try Support.bytes(movie)) == before.1)

        try FileManager.default.removeItem(at: dir.appendingPathComponent("IMG_0001.JPG.json"))
        let none = try PairOperation.run(still: still, movie: movie)
        #expect(none.status == .alreadyPaired && none.movieDate?.creationDate == nil && none.movieWrite == .none)
        #expect(none.movieDate?.note?.contains("no capture time") == true)
        #expect(try Support.bytes(still) == before.0 && (try Support.bytes(movie)) == before.1)
    }

    @Test("pair DIR: the Live Photo is worked on (scan names it), dated; a rerun leaves it")
    func folder() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (still, movie) = try Self.takeoutLivePhoto(in: dir)
        let scan = LibraryScanner.scan([dir.path])
        #expect(scan.findings.map(\.finding) == [.paired] && scan.pairsWithUndatedMovie.count == 1)

        let (_, outcomes) = BatchOperations.pair(roots: [dir.path], options: PairOptions(), jobs: 1)
        #expect(outcomes.count == 1 && outcomes.first?.status == .alreadyPaired && outcomes.first?.still == still)
        #expect(outcomes.first?.movieDate?.creationDate == "2023-06-01T12:00:00+0000")
        #expect(try MovieFile.open(path: movie).movie.creationDate == "2023-06-01T12:00:00+0000")

        let rescan = LibraryScanner.scan([dir.path])
        #expect(rescan.pairsWithUndatedMovie.isEmpty)
        let (_, rerun) = BatchOperations.pair(roots: [dir.path], options: PairOptions(), jobs: 1)
        #expect(rerun.isEmpty)
    }
}
