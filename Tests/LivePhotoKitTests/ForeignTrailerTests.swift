import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// Issue 19: only what our own tail append wrote (led by its `TailAppendMarker`) is ever cut.
/// Bytes someone else left after `moov` are kept by a pair, by a refused pair and by a second
/// pair, and reported; an interrupted append of ours is cut back to the exact original.
@Suite("pair: nothing we did not write is ever cut")
struct ForeignTrailerTests {
    /// Trailers seen after `moov`: a small `mdat` (what the old recovery took for an
    /// interrupted pair), a small `mdat` and a second `moov`, a Samsung-like `SEFH`…`SEFT`
    /// record (not a box), and 3 bytes (too short for a box).
    static let trailers: [String: [UInt8]] = [
        "small-mdat": [0, 0, 0, 16] + Array("mdatABCDEFGH".utf8),
        "mdat+moov": [0, 0, 0, 12] + Array("mdat".utf8) + [1, 2, 3, 4] + [0, 0, 0, 8] + Array("moov".utf8),
        "samsung-sef": [0, 0, 0x30, 0x0A] + Array("SEFHxxxxMotionPhoto_Data".utf8) + [0x20, 0, 0, 0] + Array("SEFT".utf8),
        "three-bytes": [0, 0, 1],
    ]

    /// A fresh folder with a still and a copy of `fixture` followed by `trailer`.
    static func pairWithTrailer(_ trailer: String, fixture: String) throws -> (dir: URL, still: String, movie: String, original: [UInt8]) {
        let dir = try Support.tempDir()
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let (movie, original) = try movieWithTrailer(trailer, fixture: fixture, in: dir)
        return (dir, still, movie, original)
    }

    static func movieWithTrailer(_ trailer: String, fixture: String, in dir: URL) throws -> (path: String, original: [UInt8]) {
        let path = try Support.copy(Support.fixture(fixture), to: dir, as: "IMG.MOV")
        let bytes = try Support.bytes(path) + (try #require(trailers[trailer]))
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return (path, bytes)
    }

    /// The fuzz regression: the old recovery cut these trailers before the run was refused.
    @Test("a refused pair leaves a movie with someone's trailer byte for byte",
          arguments: ["small-mdat", "mdat+moov", "samsung-sef", "three-bytes"], ["movie-moov-last.mov", "movie-moov-first.mov"])
    func refusedPairKeepsTrailer(_ trailer: String, _ fixture: String) throws {
        let (dir, still, movie, original) = try Self.pairWithTrailer(trailer, fixture: fixture)
        defer { try? FileManager.default.removeItem(at: dir) }
        let stillBefore = try Support.bytes(still)
        var options = PairOptions()
        options.stillTime = .seconds(1000)   // outside the video: refused after the movie is read
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(e?.category == .refused)
        #expect(try Support.bytes(movie) == original, "\(trailer): the refused run changed the movie")
        #expect(try Support.bytes(still) == stillBefore)
        #expect(Support.temporaries(in: dir).isEmpty)
    }

    @Test("pair keeps someone's trailer after moov; inspect reports it; a second pair keeps it again",
          arguments: ["small-mdat", "mdat+moov", "samsung-sef", "three-bytes"], ["movie-moov-last.mov", "movie-moov-first.mov"])
    func pairKeepsTrailer(_ trailer: String, _ fixture: String) throws {
        let (dir, still, movie, original) = try Self.pairWithTrailer(trailer, fixture: fixture)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try #require(Self.trailers[trailer])
        let file = try MovieFile.open(path: movie)
        #expect(file.interruptedAppend == nil, "\(trailer) carries no marker of ours")
        // Boxes (but a second moov, which a retired first one would make rule) take the tail append.
        let walkable = file.trailerOffset == nil && file.topLevel.all("moov").count == 1
        if file.trailerOffset != nil { #expect(file.warnings.contains { $0.contains("someone's trailer") }) }

        let first = try PairOperation.run(still: still, movie: movie)
        #expect(first.movieWrite == (walkable ? .tailAppend : .rewrite))
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        let paired = try Support.bytes(movie)
        if walkable {
            // Appended after the trailer: the original is a prefix, but for the retired moov's type.
            let moov = try #require(try TopLevelBoxes.scan(FileSource(path: Support.fixture(fixture))).first("moov"))
            var expected = original
            expected.replaceSubrange(Int(moov.offset) + 4..<Int(moov.offset) + 8, with: Array("free".utf8))
            #expect(Array(paired.prefix(original.count)) == expected, "\(trailer): bytes before the append changed")
        } else {
            // Rewritten: the trailer is carried whole; not a box, it stays the file's last bytes (where SEFT belongs).
            #expect(Self.holds(paired, bytes), "\(trailer) was not carried")
            if file.trailerOffset != nil { #expect(Array(paired.suffix(bytes.count)) == bytes) }
        }

        var again = PairOptions()
        again.identifier = .given("11111111-2222-3333-4444-555555555555")
        #expect(try PairOperation.run(still: still, movie: movie, options: again).status == .paired)
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        let repaired = try Support.bytes(movie)
        if walkable {
            #expect(repaired.count > paired.count && Array(repaired.prefix(original.count)) == Array(paired.prefix(original.count)))
        } else {
            #expect(Self.holds(repaired, bytes), "\(trailer) was not carried")
        }
    }

    static func holds(_ bytes: [UInt8], _ run: [UInt8]) -> Bool {
        bytes.count >= run.count && (0...(bytes.count - run.count)).contains { bytes[$0..<$0 + run.count].elementsEqual(run) }
    }

    @Test("a re-pair that only changes the identifier appends no media box: exiftool sees only the identifier change",
          .requires(.exiftool), arguments: ["movie-moov-last.mov", "movie-moov-first.mov"])
    func repairAddsNoMediaBox(_ fixture: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let movie = try Support.copy(Support.fixture(fixture), to: dir, as: "IMG.MOV")
        _ = try PairOperation.run(still: still, movie: movie)
        let before = try ExifTool.tags(movie)
        let mdats = try TopLevelBoxes.scan(FileSource(path: movie)).all("mdat").count
        var options = PairOptions()
        options.identifier = .given("11111111-2222-3333-4444-555555555555")
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.movieWrite == .tailAppend)
        #expect(try TopLevelBoxes.scan(FileSource(path: movie)).all("mdat").count == mdats, "no new mdat without new samples")
        let diff = ExifTool.diff(before: before, after: try ExifTool.tags(movie))
        #expect(diff.added == ["Keys:ContentIdentifier=11111111-2222-3333-4444-555555555555"], "\(diff)")
        #expect(diff.removed.count == 1 && diff.removed[0].hasPrefix("Keys:ContentIdentifier="), "\(diff)")
    }

    @Test("an uncommitted append of a movie whose last box has size 0, cut at every byte, is undone to the exact original")
    func sizeZeroAppendAtEveryCut() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (movie, _) = try MoovFirstTailAppendTests.sizeZeroMovie(in: dir)
        let original = try Support.bytes(movie)
        _ = try MoovFirstTailAppendTests.prepareOnly(movie)
        let full = try Support.bytes(movie)
        let mdat = try #require(try TopLevelBoxes.scan(FileSource(path: movie)).first("mdat"))
        let marker = TailAppendMarker(originalLength: UInt64(original.count), sizeZeroBoxOffset: mdat.offset).bytes
        // Every state the steps can leave: the marker alone (size still 0), cut at every byte;
        // then the size made explicit with the rest cut at every byte.
        var states: [[UInt8]] = (4...marker.count).map { original + marker.prefix($0) }
        states += (original.count + marker.count...full.count).map { Array(full[..<$0]) }
        for (i, state) in states.enumerated() {
            let path = dir.appendingPathComponent("cut.mov").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(state)))
            let file = try MovieFile.open(path: path)
            let append = try #require(file.interruptedAppend, "state \(i)")
            #expect(append.start == UInt64(original.count), "state \(i)")
            try InterruptedAppendRecovery.undo(path: path, append)
            #expect(try Support.bytes(path) == original, "state \(i): not the original again")
        }
    }

    @Test("an edit whose moov would not read back is refused before anything is written")
    func unreadableEditRefused() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let plan = MovieRewritePlan(file: try MovieFile.open(path: movie))
        try LivePhotoMovieEdit.apply(to: plan, identifier: "11111111-2222-3333-4444-555555555555", atMillisecond: 500)
        try MovieReadBack.check(plan, identifier: "11111111-2222-3333-4444-555555555555", path: movie)
        // Damage the edited keys box (a key count no payload holds): the reader refuses it.
        let keys = try #require(plan.moov.find("meta", "keys"))
        keys.payload.replaceSubrange(4..<8, with: [0, 0, 0, 200])
        let e = #expect(throws: LivePhotoError.self) { try MovieReadBack.check(plan, identifier: "11111111-2222-3333-4444-555555555555", path: movie) }
        #expect(e?.category == .refused)
        #expect(e?.reason.hasPrefix("the edited movie would not read back") == true)
    }
}
