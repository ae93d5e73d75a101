import Foundation
import Testing
import BinaryIO
import StillImage
import TestSupport
@testable import ISOBMFF
@testable import LivePhotoKit

/// `pair` gives a movie without a date (mvhd creation time 0, no creationdate) the still's
/// capture time: the creationdate item with its zone, and mvhd/tkhd/mdhd times in UTC.
@Suite("movie dates: an undated movie gets the still's capture time, losslessly; a dated one keeps its own")
struct MovieDateTests {
    /// A copy of `fixture` in `dir` with every mvhd/tkhd/mdhd creation and modification time
    /// zeroed in place (the fixtures carry no creationdate item): an undated movie.
    static func undatedCopy(_ fixture: String, in dir: URL) throws -> String {
        let path = try Support.copy(Support.fixture(fixture), to: dir)
        var bytes = try Support.bytes(path)
        let file = try MovieFile.open(path: path)
        var boxes: [Atom] = file.movie.moov.children?.filter { $0.type == "mvhd" } ?? []
        for track in file.movie.tracks { boxes += [track.atom.child("tkhd"), track.atom.find("mdia", "mdhd")].compactMap { $0 } }
        for box in boxes {
            let payload = Int(try #require(box.originalOffset)) + (box.usedLargeSize ? 16 : 8)
            let width = bytes[payload] == 1 ? 8 : 4
            for i in (payload + 4)..<(payload + 4 + 2 * width) { bytes[i] = 0 }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try MovieFile.open(path: path).movie.header.creationTime == 0)
        return path
    }

    /// The same with version 1 (64-bit time) mvhd, tkhd and mdhd: the `moov` of a moov-last
    /// fixture rewritten in place (nothing after it moves).
    static func undatedVersion1Copy(in dir: URL) throws -> String {
        let path = try undatedCopy("movie-moov-last.mov", in: dir)
        let file = try MovieFile.open(path: path)
        let moov = file.movie.moov
        if let mvhd = moov.child("mvhd") { var h = try MovieHeader(mvhd, path: "mvhd"); h.version = 1; mvhd.payload = h.atom().payload }
        for track in file.movie.tracks {
            if let tkhd = track.atom.child("tkhd") { var h = try TrackHeader(tkhd, path: "tkhd"); h.version = 1; tkhd.payload = h.atom().payload }
            if let mdhd = track.atom.find("mdia", "mdhd") { var h = try MediaHeader(mdhd, path: "mdhd"); h.version = 1; mdhd.payload = h.atom().payload }
        }
        let bytes = Array(try Support.bytes(path)[..<Int(file.moovHeader.offset)]) + moov.serialized()
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Creation/modification times (seconds since 1904) and versions of mvhd and every tkhd/mdhd, read back.
    static func headerTimes(_ path: String) throws -> [(version: UInt8, creation: UInt64, modification: UInt64)] {
        let movie = try MovieFile.open(path: path).movie
        var out = [(movie.header.version, movie.header.creationTime, movie.header.modificationTime)]
        for track in movie.tracks {
            out.append((track.header.version, track.header.creationTime, track.header.modificationTime))
            if let mdhd = track.atom.find("mdia", "mdhd") {
                let h = try MediaHeader(mdhd, path: "mdhd")
                out.append((h.version, h.creationTime, h.modificationTime))
            }
        }
        return out
    }

    /// exiftool's Keys:CreationDate and QuickTime:CreateDate; ffprobe's creation_time and creationdate tag.
    static func readersSay(_ path: String) throws -> (keys: String?, mvhd: String?, ffprobeCreation: String?, ffprobeKey: String?) {
        let exif = try Support.run(try Support.requireTool("exiftool"), ["-j", "-G1", "-api", "QuickTimeUTC=0", "-CreationDate", "-CreateDate", path])
        let tags = (try JSONSerialization.jsonObject(with: Data(exif.out.utf8)) as? [[String: Any]])?.first ?? [:]
        let probe = try Support.ffprobeJSON(["-show_entries", "format_tags"], file: path)
        let format = (probe["format"] as? [String: Any])?["tags"] as? [String: Any]
        return (tags["Keys:CreationDate"] as? String, tags["QuickTime:CreateDate"] as? String,
                format?["creation_time"] as? String, format?["com.apple.quicktime.creationdate"] as? String)
    }

    /// still-exif-icc-xmp.jpg: DateTimeOriginal 2024:01:02 03:04:05, OffsetTimeOriginal +01:00.
    static let stillInstant1904: UInt64 = 1_704_161_045 + 2_082_844_800

    @Test("the still's time and zone: creationdate with offset, mvhd/tkhd/mdhd in UTC; media and every other byte kept",
          .requires(.exiftool, .ffprobe),
          arguments: ["movie-moov-last.mov", "movie-moov-first.mov", "movie-co64.mov", "movie-audio.mov", "movie-no-ftyp.mov", "movie-mp4.mp4"])
    func writesStillTime(fixture: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.undatedCopy(fixture, in: dir)
        let undated = try Support.copy(movie, to: dir, as: "undated-original")
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir, as: PathComponents.deletingExtension(PathComponents.lastComponent(movie)) + ".JPG")
        let samples = try Support.sampleBytes(movie)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieDate == MovieDate(creationDate: "2024-01-02T03:04:05+0100", headerTimes: "2024-01-02T02:04:05+0000", source: .exif))
        let written = result.movieOutput
        #expect(try Self.headerTimes(written).allSatisfy { $0.creation == Self.stillInstant1904 && $0.modification == Self.stillInstant1904 })
        let said = try Self.readersSay(written)
        #expect(said.keys == "2024:01:02 03:04:05+01:00")
        #expect(said.mvhd == "2024:01:02 02:04:05")
        #expect(said.ffprobeCreation == "2024-01-02T02:04:05.000000Z")
        #expect(said.ffprobeKey == "2024-01-02T03:04:05+0100")
        #expect(try Support.sampleBytes(written) == samples)
        try MovieInvariants.check(original: undated, paired: written, result: result)
        #expect(try Verifier.verify(still: still, movie: written, strict: true).valid)
        // Now dated: a second run finds the pair complete and writes nothing.
        let before = try Support.bytes(written)
        #expect(try PairOperation.run(still: still, movie: written).status == .alreadyPaired)
        #expect(try Support.bytes(written) == before)
    }

    @Test("version 1 (64-bit) mvhd/tkhd/mdhd are written in their own width", .requires(.ffprobe))
    func version1() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.undatedVersion1Copy(in: dir)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        let original = try Self.headerTimes(movie)
        #expect(original.allSatisfy { $0.version == 1 && $0.creation == 0 })
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieDate?.headerTimes == "2024-01-02T02:04:05+0000")
        let after = try Self.headerTimes(movie)
        #expect(after.prefix(original.count).allSatisfy { $0.version == 1 })   // the added still-image-time track's are version 0
        #expect(after.allSatisfy { $0.creation == Self.stillInstant1904 && $0.modification == Self.stillInstant1904 })
        let probe = try Support.ffprobeJSON(["-show_entries", "format_tags=creation_time"], file: movie)
        #expect(((probe["format"] as? [String: Any])?["tags"] as? [String: Any])?["creation_time"] as? String == "2024-01-02T02:04:05.000000Z")
    }

    @Test("a movie with a date keeps it: mvhd time or creationdate item; no date fields change")
    func datedMovieKeepsDate() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        let times = try Self.headerTimes(movie)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieDate == nil)
        // The original tracks' times (the new still-image-time track comes after them).
        #expect(try Self.headerTimes(movie).prefix(times.count).map { [$0.creation, $0.modification] } == times.map { [$0.creation, $0.modification] })
        #expect(try MovieFile.open(path: movie).movie.creationDate == nil)
        try MovieInvariants.check(original: Support.fixture("movie-moov-last.mov"), paired: movie, result: result)

        // An undated mvhd but a creationdate item (written by a first pair from a zone-less
        // still): the item is the date; pairing it again with a zoned still writes no date.
        let keyed = try Self.undatedCopy("movie-moov-first.mov", in: dir)
        let zoneless = try Support.copy(Support.fixture("still-apple-makernote.jpg"), to: dir)
        #expect(try PairOperation.run(still: zoneless, movie: keyed).movieDate?.creationDate == "2024-01-02T03:04:05")
        var options = PairOptions()
        options.identifier = .fresh
        let keyedBytes = try MovieFile.open(path: keyed).movie.moov.serialized().count
        let again = try PairOperation.run(still: still, movie: keyed, options: options)
        #expect(again.movieDate == nil)
        #expect(try MovieFile.open(path: keyed).movie.creationDate == "2024-01-02T03:04:05")
        #expect(try Self.headerTimes(keyed).allSatisfy { $0.creation == 0 })
        #expect(try MovieFile.open(path: keyed).movie.moov.serialized().count == keyedBytes)
    }

    @Test("an EXIF time without a zone: creationdate as local time without an offset; mvhd/tkhd/mdhd left unset (JPEG and HEIC)",
          arguments: ["still-apple-makernote.jpg", "still-heic.heic"])
    func zonelessExif(stillFixture: String) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.undatedCopy("movie-moov-last.mov", in: dir)
        let still = try Support.copy(Support.fixture(stillFixture), to: dir)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieDate?.creationDate == "2024-01-02T03:04:05")
        #expect(result.movieDate?.headerTimes == nil && result.movieDate?.source == .exif)
        #expect(result.movieDate?.note?.contains("no zone") == true)
        #expect(try MovieFile.open(path: movie).movie.creationDate == "2024-01-02T03:04:05")
        #expect(try Self.headerTimes(movie).allSatisfy { $0.creation == 0 && $0.modification == 0 })
    }

    @Test("a still without EXIF time: the Takeout sidecar's photoTakenTime, in UTC; without one, nothing is written and it says why")
    func sidecarTime() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.undatedCopy("movie-moov-last.mov", in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG_0001.JPG")
        let stillBytes = try Support.bytes(still)
        let sidecar = try Support.write(Array(#"{"title":"IMG_0001.JPG","photoTakenTime":{"timestamp":"1685620800"}}"#.utf8), in: dir,
                                        name: "IMG_0001.JPG.supplemental-metad.json")
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieDate?.creationDate == "2023-06-01T12:00:00+0000")
        #expect(result.movieDate?.headerTimes == "2023-06-01T12:00:00+0000")
        #expect(result.movieDate?.source == .takeoutSidecar && result.movieDate?.sidecar == sidecar)
        #expect(result.movieDate?.note?.contains("zone is unknown") == true)
        #expect(try Self.headerTimes(movie).allSatisfy { $0.creation == 1_685_620_800 + 2_082_844_800 })
        // Nothing from the sidecar goes into the still: it has no EXIF date after pairing either.
        #expect(try StillImageReader.headerFacts(path: still).captureDate.dateTimeOriginal == nil)
        #expect(try Support.bytes(still) != stillBytes)   // (its identifier was written)

        let bare = try Self.undatedCopy("movie-moov-first.mov", in: dir)
        let lone = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "lone.JPG")
        let none = try PairOperation.run(still: lone, movie: bare)
        #expect(none.status == .paired && none.movieDate?.creationDate == nil)
        #expect(none.movieDate?.note?.contains("no capture time") == true)
        #expect(try Self.headerTimes(bare).allSatisfy { $0.creation == 0 })
    }

    @Test("--dry-run reports the date it would write and writes nothing")
    func dryRun() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.undatedCopy("movie-moov-last.mov", in: dir)
        let still = try Support.copy(Support.fixture("still-exif-icc-xmp.jpg"), to: dir)
        let before = (try Support.bytes(movie), try Support.bytes(still))
        var options = PairOptions()
        options.dryRun = true
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.status == .dryRun)
        #expect(result.movieDate?.creationDate == "2024-01-02T03:04:05+0100")
        #expect(try Support.bytes(movie) == before.0 && (try Support.bytes(still)) == before.1)
    }

    @Test("MovieTimesEdit: only unset fields are set; a version 0 box cannot hold a time after 2040 and is left, counted")
    func timesEditRules() throws {
        var h = try MovieHeader.version0Sample()
        h.modificationTime = 77
        let mvhd = h.atom()
        let moov = Atom(type: "moov", children: [mvhd])
        let result = MovieTimesEdit.setUnsetHeaderTimes(1000, in: moov)
        #expect(result == MovieTimesEdit.Result(fieldsSet: 1, fieldsTooNarrow: 0))
        let after = try MovieHeader(mvhd, path: "mvhd")
        #expect(after.creationTime == 1000 && after.modificationTime == 77)
        let late = try MovieHeader.version0Sample().atom()
        #expect(MovieTimesEdit.setUnsetHeaderTimes(UInt64(UInt32.max) + 1, in: Atom(type: "moov", children: [late]))
                == MovieTimesEdit.Result(fieldsSet: 0, fieldsTooNarrow: 2))
        #expect(try MovieHeader(late, path: "mvhd") == MovieHeader.version0Sample())
    }
}

extension MovieHeader {
    /// An undated version 0 `mvhd` (timescale 600, 1 s).
    static func version0Sample() throws -> MovieHeader {
        var w = ByteWriter()
        w.u32(0); w.u32(0); w.u32(0); w.u32(600); w.u32(600)
        w.append([UInt8](repeating: 0, count: MovieHeader.presentationFieldsLength))
        w.u32(2)
        return try MovieHeader(Atom(type: "mvhd", payload: w.bytes), path: "mvhd")
    }
}
