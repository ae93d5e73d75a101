import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// `--faststart` on a moov-first movie with padding after `moov` (ffmpeg `-moov_size`): the new
/// `moov` grows into the padding in place, no media byte moves, and an interrupted overwrite is
/// put back from its journal by the next run.
@Suite("pair --faststart: moov grown in place into its padding")
struct InPlaceMoovGrowthTests {
    /// A one-second H.264 movie from ffmpeg with `moov` first and `reserve` bytes reserved for it
    /// (`-moov_size`: the rest of the reserve follows as a `free` box).
    static func paddedMovie(in dir: URL, reserve: Int = 20_000, name: String = "IMG.MOV") throws -> String {
        let path = dir.appendingPathComponent(name).path
        let r = try Support.run(try #require(ffmpeg), ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "1",
                                                       "-c:v", "libx264", "-pix_fmt", "yuv420p", "-moov_size", String(reserve), "-f", "mov", path])
        #expect(r.status == 0, "ffmpeg: \(r.err)")
        return path
    }

    static func boxes(_ path: String) throws -> [BoxHeader] { try TopLevelBoxes.scan(FileSource(path: path)).boxes }

    static let ffmpeg = Support.tool("ffmpeg")
    static let ffprobe = Support.tool("ffprobe")

    /// Rewrites the padding after `moov` (never moving a media byte) as a `free` box of
    /// `freeSize` bytes then a box of an unknown type (not padding) filling the rest.
    static func limitPadding(_ path: String, freeSize: Int) throws {
        var bytes = try Support.bytes(path)
        let top = try boxes(path)
        let moov = try #require(top.first { $0.type == "moov" })
        let media = try #require(top.first { $0.type == "mdat" })
        let start = Int(moov.end), end = Int(media.offset)
        let rest = end - start - freeSize
        try #require(freeSize >= 8 && rest >= 8)
        var w = ByteWriter()
        w.u32(UInt32(freeSize)); w.fourCC("free"); w.append([UInt8](repeating: 0, count: freeSize - 8))
        w.u32(UInt32(rest)); w.fourCC("junk"); w.append([UInt8](repeating: 0, count: rest - 8))
        bytes.replaceSubrange(start..<end, with: w.bytes)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    }

    static func faststart() -> PairOptions {
        var options = PairOptions()
        options.faststart = true
        options.identifier = .given("11111111-2222-3333-4444-555555555555")
        return options
    }

    /// The new moov's size (plus the new sample's mdat) for `movie`, from a plan on a copy.
    static func grownSize(_ movie: String, dir: URL) throws -> Int {
        let copy = try Support.copy(movie, to: dir, as: "probe.mov")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        _ = try PairOperation.run(still: try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "probe.jpg"), movie: copy, options: faststart())
        let top = try boxes(copy)
        let moov = try #require(top.first { $0.type == "moov" })
        let added = top.first { $0.type == "mdat" && $0.offset == moov.end }
        return Int(moov.size + (added?.size ?? 0))
    }

    /// Checks shared by every grown movie: same size, moov first, media and chunk offsets
    /// untouched, bytes outside the moov region unchanged, decodes, verifies.
    static func expectGrownInPlace(original: [UInt8], movie: String, still: String, originalOffsets: [[UInt64]],
                                   originalSamples: [UInt32: [UInt8]]) throws {
        let after = try Support.bytes(movie)
        #expect(after.count == original.count, "the file keeps its size")
        let top = try boxes(movie)
        let moov = try #require(top.first { $0.type == "moov" })
        let firstMedia = try #require(top.first { $0.type == "mdat" && $0.size > 100 })
        #expect(Array(after[..<Int(moov.offset)]) == Array(original[..<Int(moov.offset)]), "ftyp untouched")
        #expect(Array(after[Int(firstMedia.offset)...]) == Array(original[Int(firstMedia.offset)...]), "every media byte in place")
        let file = try MovieFile.open(path: movie)
        #expect(file.moovBeforeMedia)
        #expect(file.movie.tracks.filter { !$0.isStillImageTime }.map(\.sampleTable.chunkOffsets.offsets) == originalOffsets, "no chunk offset changed")
        #expect(try Support.sampleBytes(movie) == originalSamples)
        #expect(try Verifier.verify(still: still, movie: movie, strict: false).valid)
        if let ffprobe {
            let r = try Support.run(ffprobe, ["-v", "error", "-count_frames", "-show_entries", "stream=codec_type,nb_read_frames", "-of", "csv=p=0", movie])
            #expect(r.status == 0 && r.err.isEmpty, "ffprobe: \(r.err)")
            #expect(r.out.split(separator: "\n").first == "video,30", "ffprobe decodes all 30 frames: \(r.out)")
        }
        #expect(Support.temporaries(in: URL(fileURLWithPath: movie).deletingLastPathComponent()).isEmpty, "no journal or temporary left")
    }

    @Test("an ffmpeg -moov_size movie: the new moov and its sample go into the free box, the rest stays free",
          .requires(.ffmpeg))
    func growsIntoFree() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.paddedMovie(in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let original = try Support.bytes(movie)
        #expect(try Self.boxes(movie).map(\.type.description) == ["ftyp", "moov", "free", "wide", "mdat"])
        let offsets = try MovieFile.open(path: movie).movie.tracks.map(\.sampleTable.chunkOffsets.offsets)
        let samples = try Support.sampleBytes(movie)

        var dry = Self.faststart()
        dry.dryRun = true
        #expect(try PairOperation.run(still: still, movie: movie, options: dry).movieWrite == MovieWriteMethod.growInPlace, "a dry run names the method")
        let result = try PairOperation.run(still: still, movie: movie, options: Self.faststart())
        #expect(result.movieWrite == MovieWriteMethod.growInPlace)
        #expect(try Self.boxes(movie).map(\.type.description) == ["ftyp", "moov", "mdat", "free", "mdat"])
        try Self.expectGrownInPlace(original: original, movie: movie, still: still, originalOffsets: offsets, originalSamples: samples)
        #expect(try MovieFile.open(path: movie).movie.contentIdentifier == "11111111-2222-3333-4444-555555555555")
    }

    /// `abort()` after `prepare()` (the contract of every prepared write): the journal goes and
    /// the file was never touched; before `prepare()` or a second time it does nothing.
    @Test("a prepared growth aborted: its journal removed, the file as it was")
    func abortAfterPrepare() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("IMG.MOV").path
        let original = (0..<64).map { UInt8($0) }
        try Data(original).write(to: URL(fileURLWithPath: path))
        let growth = InPlaceMoovGrowth(path: path, originalSize: 64, offset: 8, newBytes: [UInt8](repeating: 0xEE, count: 16))
        growth.abort()
        try growth.prepare()
        #expect(FileManager.default.fileExists(atPath: OverwriteJournal.path(for: path)), "prepare writes the journal")
        growth.abort()
        #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: path)))
        growth.abort()
        #expect(try Support.bytes(path) == original)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["IMG.MOV"])

        // An abort acts once: a later growth's journal for the same movie (a long-lived batch
        // pairs it again) is that growth's, and an old growth aborted again leaves it.
        let next = InPlaceMoovGrowth(path: path, originalSize: 64, offset: 8, newBytes: [UInt8](repeating: 0xDD, count: 16))
        try next.prepare()
        growth.abort()
        #expect(FileManager.default.fileExists(atPath: OverwriteJournal.path(for: path)), "the later growth's journal stays")
        try next.commit()
        #expect(try Support.bytes(path) == Array(original[..<8]) + [UInt8](repeating: 0xDD, count: 16) + Array(original[24...]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["IMG.MOV"])
    }

    /// What the growth leaves of the padding: nothing (no free box remains), or exactly 8
    /// bytes (an empty free box, the smallest box there is).
    @Test("padding exactly as large as the growth, or 8 bytes larger: grown in place, no free box or an empty one left",
          .requires(.ffmpeg), arguments: [0, 8])
    func exactFill(_ left: Int) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.paddedMovie(in: dir)
        let oldMoov = Int(try #require(try Self.boxes(movie).first { $0.type == "moov" }).size)
        let needed = try Self.grownSize(movie, dir: dir)
        try Self.limitPadding(movie, freeSize: needed - oldMoov + left)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let original = try Support.bytes(movie)
        let offsets = try MovieFile.open(path: movie).movie.tracks.map(\.sampleTable.chunkOffsets.offsets)
        let samples = try Support.sampleBytes(movie)

        #expect(try PairOperation.run(still: still, movie: movie, options: Self.faststart()).movieWrite == MovieWriteMethod.growInPlace)
        let boxes = try Self.boxes(movie)
        #expect(boxes.map(\.type.description) == ["ftyp", "moov", "mdat"] + (left > 0 ? ["free"] : []) + ["junk", "mdat"])
        if left > 0 { #expect(boxes.first { $0.type == "free" }?.size == UInt64(left)) }
        try Self.expectGrownInPlace(original: original, movie: movie, still: still, originalOffsets: offsets, originalSamples: samples)
    }

    @Test("padding short by one byte, or leaving 1 to 7 bytes (no box is that small): the whole-file rewrite",
          .requires(.ffmpeg), arguments: [-1, 1, 7])
    func tooSmallFallsBack(_ extra: Int) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.paddedMovie(in: dir)
        let oldMoov = Int(try #require(try Self.boxes(movie).first { $0.type == "moov" }).size)
        try Self.limitPadding(movie, freeSize: try Self.grownSize(movie, dir: dir) - oldMoov + extra)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let samples = try Support.sampleBytes(movie)
        #expect(try PairOperation.run(still: still, movie: movie, options: Self.faststart()).movieWrite == MovieWriteMethod.rewrite)
        #expect(try MovieFile.open(path: movie).moovBeforeMedia)
        #expect(try Support.sampleBytes(movie) == samples)
        #expect(try Verifier.verify(still: still, movie: movie).valid)
    }

    @Test("a rerun after a kill mid-overwrite puts the journaled bytes back, then pairs", .requires(.ffmpeg))
    func tornOverwriteIsRecovered() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movie = try Self.paddedMovie(in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let original = try Support.bytes(movie)
        let moov = try #require(try Self.boxes(movie).first { $0.type == "moov" })
        let samples = try Support.sampleBytes(movie)
        // What a killed run leaves: the journal of the region, then a torn overwrite of it.
        let region = Array(original[Int(moov.offset)..<Int(moov.offset) + 3000])
        _ = try OverwriteJournal(target: movie, offset: moov.offset, oldBytes: region, fileSize: UInt64(original.count))
        var torn = original
        torn.replaceSubrange(Int(moov.offset) + 4..<Int(moov.offset) + 1500, with: [UInt8](repeating: 0xEE, count: 1496))
        #expect(FileManager.default.createFile(atPath: movie, contents: Data(torn)))
        #expect(throws: (any Error).self) { try MovieFile.open(path: movie) }
        let seen = LibraryScanner.scan([dir.path], jobs: 1).files.first { $0.path == movie }
        #expect(seen?.error?.contains("an interrupted edit left its journal beside it") == true, "\(String(describing: seen?.error))")

        let result = try PairOperation.run(still: still, movie: movie, options: Self.faststart())
        #expect(result.movieWrite == MovieWriteMethod.growInPlace)
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        #expect(try Support.sampleBytes(movie) == samples)
        #expect(Support.temporaries(in: dir).isEmpty)
        let regionEnd = Int(moov.offset) + 3000
        let after: [UInt8] = try Support.bytes(movie)
        #expect(after.count == original.count)
        #expect(Array(after[regionEnd...]) == Array(original[regionEnd...]), "past the journaled region nothing changed")
    }
}

extension InPlaceMoovGrowthTests {
    @Test("through a symbolic link: the real file grows in place, its journal goes beside it, where a rerun through the link finds it",
          .requires(.ffmpeg))
    func throughSymbolicLink() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let movie = try Self.paddedMovie(in: real)
        let link = dir.appendingPathComponent("IMG.MOV").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: movie)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir, as: "IMG.JPG")
        let original = try Support.bytes(movie)
        let moov = try #require(try Self.boxes(movie).first { $0.type == "moov" })
        // A killed run's state: the journal beside the real file, its region torn.
        _ = try OverwriteJournal(target: movie, offset: moov.offset, oldBytes: Array(original[Int(moov.offset)..<Int(moov.end)]), fileSize: UInt64(original.count))
        var torn = original
        torn.replaceSubrange(Int(moov.offset) + 8..<Int(moov.offset) + 64, with: [UInt8](repeating: 0, count: 56))
        #expect(FileManager.default.createFile(atPath: movie, contents: Data(torn)))

        let result = try PairOperation.run(still: still, movie: link, options: Self.faststart())
        #expect(result.movieWrite == MovieWriteMethod.growInPlace)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == movie, "the link stays a link")
        #expect(try Support.bytes(movie).count == original.count)
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        #expect(Support.temporaries(in: dir).isEmpty && Support.temporaries(in: real).isEmpty, "no journal left beside the link or the file")
    }
}

@Suite("OverwriteJournal")
struct OverwriteJournalTests {
    static func file(_ dir: URL, _ bytes: [UInt8]) -> String {
        let path = dir.appendingPathComponent("f.bin").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test("a complete journal restores the old bytes and goes; no journal: nothing to do")
    func restores() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = (0..<200).map { UInt8($0) }
        let path = Self.file(dir, original)
        #expect(try OverwriteJournal.recover(target: path) == .none)
        _ = try OverwriteJournal(target: path, offset: 50, oldBytes: Array(original[50..<120]), fileSize: 200)
        var changed = original
        changed.replaceSubrange(50..<90, with: [UInt8](repeating: 9, count: 40))
        #expect(FileManager.default.createFile(atPath: path, contents: Data(changed)))
        #expect(try OverwriteJournal.recover(target: path) == .restored)
        #expect(try Support.bytes(path) == original)
        #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: path)))
    }

    /// In-place growth writes over `moov` and the padding after it, which may be the file's
    /// last box: the journaled region then ends exactly at the end of the file.
    @Test("a journal whose region ends exactly at the end of the file (or is the whole file) restores it")
    func regionToTheEnd() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = (0..<200).map { UInt8($0) }
        for (offset, length) in [(120, 80), (199, 1), (0, 200)] {
            let path = Self.file(dir, original)
            _ = try OverwriteJournal(target: path, offset: UInt64(offset), oldBytes: Array(original[offset...]), fileSize: 200)
            var changed = original
            changed.replaceSubrange(offset..<(offset + length), with: [UInt8](repeating: 9, count: length))
            #expect(FileManager.default.createFile(atPath: path, contents: Data(changed)))
            #expect(try OverwriteJournal.recover(target: path) == .restored, "\(offset)+\(length)")
            #expect(try Support.bytes(path) == original, "\(offset)+\(length)")
            #expect(!FileManager.default.fileExists(atPath: OverwriteJournal.path(for: path)))
        }
    }

    @Test("a torn or corrupt journal (the file was never touched) is discarded, leaving the file as it is")
    func tornJournal() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = [UInt8](repeating: 7, count: 100)
        let path = Self.file(dir, original)
        _ = try OverwriteJournal(target: path, offset: 10, oldBytes: [UInt8](repeating: 1, count: 30), fileSize: 100)
        let journal = try Support.bytes(OverwriteJournal.path(for: path))
        for cut in [0, 5, 39, 40, journal.count - 1] {
            #expect(FileManager.default.createFile(atPath: OverwriteJournal.path(for: path), contents: Data(journal[..<cut])))
            #expect(try OverwriteJournal.recover(target: path) == .discarded, "cut \(cut)")
            #expect(try Support.bytes(path) == original)
        }
        var flipped = journal
        flipped[flipped.count - 1] ^= 1
        #expect(FileManager.default.createFile(atPath: OverwriteJournal.path(for: path), contents: Data(flipped)))
        #expect(try OverwriteJournal.recover(target: path) == .discarded)
        #expect(try Support.bytes(path) == original)
    }

    @Test("a journal that no longer fits the file (its size changed) is refused and kept")
    func sizeChanged() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = Self.file(dir, [UInt8](repeating: 7, count: 100))
        _ = try OverwriteJournal(target: path, offset: 10, oldBytes: [1, 2, 3], fileSize: 99)
        #expect(throws: ParseError.self) { try OverwriteJournal.recover(target: path) }
        #expect(FileManager.default.fileExists(atPath: OverwriteJournal.path(for: path)))
        #expect(try Support.bytes(path) == [UInt8](repeating: 7, count: 100))
    }
}
