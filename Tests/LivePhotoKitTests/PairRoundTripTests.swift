import Foundation
import Testing
import BinaryIO
import ISOBMFF
import StillImage
@testable import LivePhotoKit

@Suite("pair: round trips on every fixture")
struct PairRoundTripTests {
    static let movies = ["movie-moov-last.mov", "movie-moov-first.mov", "movie-audio.mov", "movie-co64.mov", "movie-no-ftyp.mov"]
    static let stills = ["still-no-exif.jpg", "still-exif-icc-xmp.jpg", "still-apple-makernote.jpg", "still-jpeg-trailer.jpg"]

    @Test("identifiers equal, media and scan bytes preserved, verify passes", arguments: movies)
    func pairEachMovie(_ movieName: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        for stillName in Self.stills {
            let still = try Support.copy(Support.fixture(stillName), to: dir)
            let movie = try Support.copy(Support.fixture(movieName), to: dir)
            let samplesBefore = try Support.sampleBytes(movie)
            let scanBefore = try Support.scanData(still)
            let segmentsBefore = try Support.nonExifSegments(still)

            let result = try PairOperation.run(still: still, movie: movie)
            #expect(result.status == .paired)
            #expect(ContentIdentifier.isWellFormed(result.identifier))
            #expect(abs(result.stillTime - 1.0) < 0.05, "default still time is the middle of a 2 s video")

            let stillReport = try Inspector.inspect(path: still)
            let movieReport = try Inspector.inspect(path: movie)
            #expect(stillReport.still?.contentIdentifier == result.identifier)
            #expect(movieReport.movie?.contentIdentifier == result.identifier)
            #expect(stillReport.still?.makerNote == .apple)
            let sit = try #require(movieReport.movie?.stillImageTime)
            #expect(sit.value == -1)
            #expect(abs((sit.presentationTime ?? -1) - result.stillTime) < 0.002)
            #expect(sit.describes == [1])
            #expect(movieReport.movie?.stillImageTimeTrackCount == 1)

            #expect(try Support.sampleBytes(movie) == samplesBefore, "media sample bytes of \(movieName) changed")
            #expect(try Support.scanData(still) == scanBefore, "scan data of \(stillName) changed")
            #expect(try Support.nonExifSegments(still) == segmentsBefore, "non-EXIF segments of \(stillName) changed")
            #expect(try Verifier.verify(still: still, movie: movie, strict: true).valid)
            try MovieInvariants.check(original: Support.fixture(movieName), paired: movie, result: result)
            #expect(Support.temporaries(in: dir).isEmpty)
            try FileManager.default.removeItem(atPath: still)
            try FileManager.default.removeItem(atPath: movie)
        }
    }

    @Test("moov-last movies are edited by appending: the media prefix is untouched")
    func tailAppendKeepsPrefix() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let before = try Support.bytes(movie)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieWrite == .tailAppend)
        let after = try Support.bytes(movie)
        let moov = try #require(try TopLevelBoxes.scan(FileSource(path: Support.fixture("movie-moov-last.mov"))).first("moov"))
        // Everything before the old moov is identical, the old moov is retired as `free`.
        #expect(Array(after[..<Int(moov.offset)]) == Array(before[..<Int(moov.offset)]))
        #expect(Array(after[Int(moov.offset) + 4..<Int(moov.offset) + 8]) == Array("free".utf8))
        #expect(Array(after[Int(moov.offset) + 8..<Int(moov.end)]) == Array(before[Int(moov.offset) + 8..<Int(moov.end)]))
    }

    @Test("--faststart: moov-first movies are rewritten whole with every chunk offset shifted")
    func moovFirstRewrite() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: movie)
        var options = PairOptions()
        options.faststart = true
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.movieWrite == .rewrite)
        let file = try MovieFile.open(path: movie)
        #expect(file.moovBeforeMedia, "moov stays in front")
        let mode = try FileManager.default.attributesOfItem(atPath: movie)[.posixPermissions] as? Int
        #expect(mode == 0o640, "permissions kept")
    }

    @Test("pairing twice is a no-op that writes nothing")
    func alreadyPaired() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-audio.mov"), to: dir)
        let first = try PairOperation.run(still: still, movie: movie)
        let stillBytes = try Support.bytes(still), movieBytes = try Support.bytes(movie)
        let second = try PairOperation.run(still: still, movie: movie)
        #expect(second.status == .alreadyPaired)
        #expect(second.identifier == first.identifier)
        #expect(abs(second.stillTime - first.stillTime) < 0.002)
        #expect(try Support.bytes(still) == stillBytes)
        #expect(try Support.bytes(movie) == movieBytes)
    }

    @Test("re-pairing with a new id and a frame moves the existing still-image-time track instead of adding one")
    func repairReplacesTrack() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-apple-makernote.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        var options = PairOptions()
        options.identifier = .fresh
        options.stillTime = .seconds(0.5)
        let first = try PairOperation.run(still: still, movie: movie, options: options)
        options.stillTime = .frame(20)
        let second = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(first.stillImageTime == .added)
        #expect(second.stillImageTime == .moved)
        #expect(first.identifier != second.identifier)
        try MovieInvariants.check(original: Support.fixture("movie-moov-first.mov"), paired: movie, result: second)
        let report = try Inspector.inspect(path: movie)
        #expect(report.movie?.stillImageTimeTrackCount == 1)
        #expect(report.movie?.contentIdentifier == second.identifier)
        #expect(abs((report.movie?.stillImageTime?.presentationTime ?? -1) - second.stillTime) < 0.002)
        // Frame 20 of a 15 fps video is presented at 20/15 s.
        #expect(abs(second.stillTime - 20.0 / 15.0) < 0.002)
    }

    @Test("an identifier already in the still is reused; --id is written as given")
    func identifierChoice() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-apple-makernote.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.identifier == "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19")

        let movie2 = try Support.copy(Support.fixture("movie-co64.mov"), to: dir)
        let still2 = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        var options = PairOptions()
        options.identifier = .given("12345678-9ABC-DEF0-1234-56789ABCDEF0")
        let given = try PairOperation.run(still: still2, movie: movie2, options: options)
        #expect(given.identifier == "12345678-9ABC-DEF0-1234-56789ABCDEF0")
        #expect(try Inspector.inspect(path: movie2).movie?.contentIdentifier == given.identifier)
        try MovieInvariants.check(original: Support.fixture("movie-moov-last.mov"), paired: movie, result: result)
        try MovieInvariants.check(original: Support.fixture("movie-co64.mov"), paired: movie2, result: given)
    }

    @Test("MP4 input becomes a new QuickTime .MOV beside it; the .mp4 is untouched")
    func mp4BecomesMov() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "clip.jpg")
        let mp4 = try Support.copy(Support.fixture("movie-mp4.mp4"), to: dir, as: "clip.mp4")
        let mp4Bytes = try Support.bytes(mp4)
        let samples = try Support.sampleBytes(mp4)
        let result = try PairOperation.run(still: still, movie: mp4)
        #expect(result.movieOutput == dir.appendingPathComponent("clip.MOV").path)
        #expect(try Support.bytes(mp4) == mp4Bytes)
        let out = try MovieFile.open(path: result.movieOutput)
        #expect(out.majorBrand == "qt  ")
        #expect(try Support.sampleBytes(result.movieOutput) == samples)
        #expect(try Verifier.verify(still: still, movie: result.movieOutput, strict: true).valid)
        try MovieInvariants.check(original: Support.fixture("movie-mp4.mp4"), paired: result.movieOutput, result: result)
        // A second run finds the .MOV it made, carrying the still's identifier: already paired.
        let movBytes = try Support.bytes(result.movieOutput), stillBytes = try Support.bytes(still)
        let again = try PairOperation.run(still: still, movie: mp4)
        #expect(again.status == .alreadyPaired)
        #expect(again.identifier == result.identifier)
        #expect(again.movieOutput == result.movieOutput)
        #expect(again.stillTime == result.stillTime)
        #expect(try Support.bytes(result.movieOutput) == movBytes)
        #expect(try Support.bytes(still) == stillBytes)
        // Asked for a new identifier, it would overwrite that .MOV: refused with a clear reason.
        var fresh = PairOptions()
        fresh.identifier = .fresh
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: mp4, options: fresh) }
        #expect(e?.reason.hasPrefix("already exists") == true)
        #expect(e?.category == .refused)
        #expect(try Support.bytes(result.movieOutput) == movBytes)
    }

    @Test("a .mov whose brand is not 'qt  ' is edited in place: no second movie beside it")
    func movWithMP4BrandInPlace() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "clip.jpg")
        let movie = try Support.copy(Support.fixture("movie-mp4.mp4"), to: dir, as: "clip.mov")
        #expect(try MovieFile.open(path: movie).isQuickTime == false)
        let samples = try Support.sampleBytes(movie)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieOutput == movie)
        #expect(result.movieWrite != .newFile)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["clip.jpg", "clip.mov"])
        let file = try MovieFile.open(path: movie)
        #expect(file.movie.contentIdentifier == result.identifier)
        #expect(try Support.sampleBytes(movie) == samples)
        #expect(try PairOperation.run(still: still, movie: movie).status == .alreadyPaired)
    }

    @Test("a last moov of size 0 gets its real size before the tail edit appends after it (it would swallow the appended boxes)")
    func sizeZeroMovieBox() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let moov = try #require(try TopLevelBoxes.scan(FileSource(path: movie)).boxes.last)
        try #require(moov.type == "moov")
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: movie))
        try handle.seek(toOffset: moov.offset)
        try handle.write(contentsOf: Data([0, 0, 0, 0]))
        try handle.close()
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieWrite == .tailAppend)
        #expect(try Verifier.verify(still: still, movie: movie, strict: false).valid)
        let after = try TopLevelBoxes.scan(FileSource(path: movie)).boxes
        #expect(after.allSatisfy { !$0.runsToEnd })
        #expect(after.first { $0.offset == moov.offset }?.size == moov.size, "the retired moov has its real size written")
    }

    @Test("an mdat of size 0 (to the end of the file) gets its real size when --faststart rewrites a new mdat after it")
    func sizeZeroMediaData() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let boxes = try TopLevelBoxes.scan(FileSource(path: movie)).boxes
        let mdat = try #require(boxes.last)
        try #require(mdat.type == "mdat")
        let samples = try Support.sampleBytes(movie)
        // Declare the last box's size as 0.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: movie))
        try handle.seek(toOffset: mdat.offset)
        try handle.write(contentsOf: Data([0, 0, 0, 0]))
        try handle.close()
        #expect(try TopLevelBoxes.scan(FileSource(path: movie)).boxes.last?.runsToEnd == true)

        var options = PairOptions()
        options.faststart = true
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.movieWrite == .rewrite)
        #expect(result.stillImageTime == .added)
        let after = try TopLevelBoxes.scan(FileSource(path: movie)).boxes
        #expect(after.map(\.type.description) == boxes.map(\.type.description) + ["mdat"])
        let old = try #require(after.dropLast().last)
        #expect(!old.runsToEnd && old.size == mdat.size, "the old mdat has its real size written")
        #expect(after.allSatisfy { !$0.runsToEnd })
        #expect(try Support.sampleBytes(movie) == samples)
        #expect(try Verifier.verify(still: still, movie: movie, strict: false).valid)
    }

    @Test("-o DIR writes new files and leaves the originals untouched")
    func outputDirectory() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outDir = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        var options = PairOptions()
        options.outputDirectory = outDir.path
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
        #expect(result.movieWrite == .newFile)
        #expect(try Verifier.verify(still: result.stillOutput, movie: result.movieOutput).valid)

        options.outputDirectory = dir.path
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(e?.reason.contains("overwrite an input") == true)
        options.outputDirectory = dir.appendingPathComponent("missing").path
        let missing = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(missing?.reason == "no such directory")
    }

    @Test("--dry-run writes nothing")
    func dryRun() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(movie)
        var options = PairOptions()
        options.dryRun = true
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .dryRun)
        #expect(result.movieWrite == .tailAppend)
        options.faststart = true
        #expect(try PairOperation.run(still: still, movie: movie, options: options).movieWrite == .rewrite)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(movie) == mb)
    }

    @Test("still time outside the movie and a missing frame are refused")
    func stillTimeBounds() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        var options = PairOptions()
        options.stillTime = .seconds(9)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(e?.category == .refused)
        #expect(e?.reason.contains("outside the video") == true)
        options.stillTime = .frame(30)
        let f = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: movie, options: options) }
        #expect(f?.reason.contains("has 30 frames") == true)
    }
}
