import Foundation
import Testing
import StillImage
@testable import LivePhotoKit

@Suite("capture times: parsing, the comparison rule, scan's capture-time-mismatch")
struct CaptureTimeTests {
    @Test("EXIF, ISO 8601 and mvhd times parse to the same instants")
    func parsing() throws {
        let exif = try #require(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+02:00"))
        #expect(exif.wallClock == 1_717_243_200 && exif.utcOffset == 7200 && exif.absolute == 1_717_236_000)
        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: nil)?.absolute == nil)
        #expect(CaptureTime.exif(dateTime: "0000:00:00 00:00:00", offset: nil) == nil)
        #expect(CaptureTime.exif(dateTime: "    :  :     :  :  ", offset: nil) == nil)
        #expect(CaptureTime.exif(dateTime: "2024:13:01 12:00:00", offset: nil) == nil)
        for text in ["2024-06-01T12:00:00+0200", "2024-06-01T12:00:00+02:00", "2024-06-01T12:00:00.123+02:00", "2024-06-01T10:00:00Z"] {
            #expect(CaptureTime.iso8601(text)?.absolute == 1_717_236_000, "\(text)")
        }
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00-0530")?.utcOffset == -19_800)
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00")?.utcOffset == nil)
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00+2") == nil)
        // 2024-06-01T10:00:00Z is 3_800_080_800 s after 1904-01-01.
        #expect(CaptureTime.movieHeader(3_800_080_800)?.absolute == 1_717_236_000)
        #expect(CaptureTime.movieHeader(0) == nil)
        #expect(CaptureTime.exif(dateTime: "1970:01:01 00:00:00", offset: "Z")?.absolute == 0)
        #expect(CaptureTime.exif(dateTime: "2000:03:01 00:00:00", offset: "+00:00")?.absolute == 951_868_800)
    }

    @Test("the rule: local EXIF against the creationdate's wall clock; instants when the offset is known; mvhd only then")
    func rule() throws {
        let local = CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: nil)
        let zoned = CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+02:00")
        let sameLocal = CaptureTime.iso8601("2024-06-01T12:00:03+0200")
        let elsewhere = CaptureTime.iso8601("2024-06-01T12:00:03-0500")   // same wall clock, 7 h later
        let weeksLater = CaptureTime.iso8601("2024-06-20T12:00:00+0200")
        let mvhdSame = CaptureTime.iso8601("2024-06-01T10:00:02Z")
        let mvhdLocal = CaptureTime.iso8601("2024-06-01T12:00:02Z")          // a camera that wrote local time in mvhd
        let mvhdWeeks = CaptureTime.iso8601("2024-06-20T10:00:00Z")
        #expect(CaptureTimeMatch.mismatch(still: local, movieCreationDate: sameLocal, movieHeader: nil) == nil)
        #expect(CaptureTimeMatch.mismatch(still: local, movieCreationDate: elsewhere, movieHeader: nil) == nil)
        #expect(CaptureTimeMatch.mismatch(still: zoned, movieCreationDate: elsewhere, movieHeader: nil) == 25_203)
        #expect(CaptureTimeMatch.mismatch(still: local, movieCreationDate: weeksLater, movieHeader: nil) == 1_641_600)
        #expect(CaptureTimeMatch.mismatch(still: local, movieCreationDate: CaptureTime.iso8601("2024-06-01T12:00:11+0200"), movieHeader: nil) == 11)
        // mvhd: only with the EXIF offset known; a whole zone offset is a writer's mistake, not a mismatch.
        #expect(CaptureTimeMatch.mismatch(still: local, movieCreationDate: nil, movieHeader: mvhdWeeks) == nil)
        #expect(CaptureTimeMatch.mismatch(still: zoned, movieCreationDate: nil, movieHeader: mvhdSame) == nil)
        #expect(CaptureTimeMatch.mismatch(still: zoned, movieCreationDate: nil, movieHeader: mvhdLocal) == nil)
        #expect(CaptureTimeMatch.mismatch(still: zoned, movieCreationDate: nil, movieHeader: mvhdWeeks) == 1_641_600)
        #expect(CaptureTimeMatch.mismatch(still: zoned, movieCreationDate: nil, movieHeader: CaptureTime.iso8601("2024-06-01T10:07:00Z")) == 420)
        // The creationdate wins over mvhd; nothing known, nothing said.
        #expect(CaptureTimeMatch.mismatch(still: zoned, movieCreationDate: sameLocal, movieHeader: mvhdWeeks) == nil)
        #expect(CaptureTimeMatch.mismatch(still: nil, movieCreationDate: weeksLater, movieHeader: mvhdWeeks) == nil)
    }

    static func file(_ path: String, _ role: ScannedFile.Role, _ time: CaptureTime?, header: CaptureTime? = nil) -> ScannedFile {
        ScannedFile(path: path, role: role, format: role == .still ? .jpeg : .quickTimeMovie, identifier: nil, stillImageTimeTracks: 0,
                    error: nil, captureTime: time, headerCreationTime: header)
    }

    @Test("matching: name-matched files taken weeks apart are a capture-time-mismatch, not a candidate")
    func matcher() throws {
        let files = [
            Self.file("/l/IMG_1.JPG", .still, CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: nil)),
            Self.file("/l/IMG_1.MOV", .movie, CaptureTime.iso8601("2024-06-20T12:00:00+0200")),
            Self.file("/l/IMG_2.JPG", .still, CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: nil)),
            Self.file("/l/IMG_2.MOV", .movie, CaptureTime.iso8601("2024-06-01T12:00:01+0200")),
            Self.file("/l/IMG_3.JPG", .still, nil),
            Self.file("/l/IMG_3.MOV", .movie, CaptureTime.iso8601("2024-06-20T12:00:00+0200")),
        ]
        let findings = LibraryMatcher.match(files)
        #expect(findings.map(\.finding) == [.captureTimeMismatch, .candidate, .candidate])
        #expect(findings[0].detail == "taken 19 days apart")
        #expect(LibraryFinding.Kind.captureTimeMismatch.rawValue == "capture-time-mismatch")
    }

    @Test("scan reads the capture times it compares, and pair DIR leaves a mismatch alone", .requires(.exiftool))
    func scanAndPairDir() throws {
        let exiftool = try #require(Support.tool("exiftool"))
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The fixture still says 2024:01:02 03:04:05+01:00; the fixture movie's mvhd 03:04:05 UTC (one zone off: tolerated).
        let near = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "NEAR.JPG")
        _ = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir, as: "NEAR.MOV")
        let far = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: "FAR.JPG")
        let farMovie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir, as: "FAR.MOV")
        #expect(try Support.run(exiftool, ["-q", "-overwrite_original", "-DateTimeOriginal=2024:02:20 10:00:00", far]).status == 0)

        let scanned = ScannedFile.read(path: far, role: .still)
        #expect(scanned.captureTime == CaptureTime.exif(dateTime: "2024:02:20 10:00:00", offset: "+01:00"))
        let movie = ScannedFile.read(path: farMovie, role: .movie)
        #expect(movie.headerCreationTime == CaptureTime.iso8601("2024-01-02T03:04:05Z") && movie.captureTime == nil)

        let scan = LibraryScanner.scan([dir.path], jobs: 1)
        #expect(scan.findings.first { $0.still == near }?.finding == .candidate)
        let mismatch = try #require(scan.findings.first { $0.still == far })
        #expect(mismatch.finding == .captureTimeMismatch && mismatch.movie == farMovie)
        #expect(mismatch.detail == "taken 49 days apart")

        let before = (try Support.bytes(far), try Support.bytes(farMovie))
        let (_, outcomes) = BatchOperations.pair(roots: [dir.path], options: PairOptions(), jobs: 1)
        #expect(outcomes.map(\.still) == [near])
        #expect(try Support.bytes(far) == before.0 && Support.bytes(farMovie) == before.1)
    }

    @Test("corpus: the iPhone movie's creationdate is read in its own offset", .requires(.corpus))
    func corpusCreationDate() throws {
        let movie = ScannedFile.read(path: Support.corpusFile("iphone-movie/iphone15-livephoto.MOV"), role: .movie)
        let date = try #require(movie.captureTime)
        #expect(date.utcOffset == 7200 && date.absolute == CaptureTime.iso8601("2024-09-06T16:08:07Z")?.absolute)
        let sameWallClock = CaptureTime.exif(dateTime: "2024:09:06 18:08:08", offset: nil)
        #expect(CaptureTimeMatch.mismatch(still: sameWallClock, movieCreationDate: date, movieHeader: movie.headerCreationTime) == nil)
        let utcWallClock = CaptureTime.exif(dateTime: "2024:09:06 16:08:08", offset: nil)
        #expect(CaptureTimeMatch.mismatch(still: utcWallClock, movieCreationDate: date, movieHeader: movie.headerCreationTime) == 7199)
    }

    @Test("a zone of hours alone (+HH, -HH) reads as whole hours; three digits are refused")
    func zoneOfHoursAlone() {
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00+02")?.absolute == 1_717_236_000)
        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "-05")?.utcOffset == -18_000)
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00+020") == nil)
        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+020")?.utcOffset == nil)
    }

    @Test("a zone reaches ±18:00 (ISO 8601's and EXIF's widest); 19 hours is no zone")
    func zoneBounds() {
        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+18:00")?.utcOffset == 64_800)
        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "-18")?.utcOffset == -64_800)
        #expect(CaptureTime.exif(dateTime: "2024:06:01 12:00:00", offset: "+19:00")?.utcOffset == nil)
        #expect(CaptureTime.iso8601("2024-06-01T12:00:00-1900") == nil)
    }
}
