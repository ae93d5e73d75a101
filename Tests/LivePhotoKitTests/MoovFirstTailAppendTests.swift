import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
import StillImage
@testable import LivePhotoKit

/// The tail edit for every layout: a moov-first movie gets a new moov appended and its old one
/// retired as `free`, a last box of size 0 gets its explicit size first, and an interruption at
/// any point leaves a playable movie that a rerun cleans up.
@Suite("pair: tail edit of moov-first movies")
struct MoovFirstTailAppendTests {
    static var ffprobe: String? { Support.reader("ffprobe") }
    static let identifier = "11111111-2222-3333-4444-555555555555"

    /// The top-level box types of `path`.
    static func boxTypes(_ path: String) throws -> [String] {
        try TopLevelBoxes.scan(FileSource(path: path)).boxes.map(\.type.description)
    }

    /// After a pair: every media sample as before, a valid pair under `--strict`, and ffprobe
    /// sees the video and the new still-image-time data stream.
    static func expectPlayablePair(still: String, movie: String, samples: [UInt32: [UInt8]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try Support.sampleBytes(movie) == samples, sourceLocation: sourceLocation)
        #expect(try Verifier.verify(still: still, movie: movie, strict: true).valid, sourceLocation: sourceLocation)
        if let streams = try probeStreams(movie) { #expect(streams == ["video", "data"], sourceLocation: sourceLocation) }
    }

    /// ffprobe's stream types of `path` (nil without ffprobe); fails the test when ffprobe errors.
    static func probeStreams(_ path: String) throws -> [String]? {
        guard let ffprobe else { return nil }
        let r = try Support.run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", path])
        #expect(r.status == 0, "ffprobe: \(r.err)")
        #expect(!r.err.contains("rror"), "ffprobe complained: \(r.err)")
        return r.out.split(separator: "\n").map(String.init)
    }

    /// A copy of the moov-first fixture whose `mdat` (the last box) has size 0.
    /// `padding` zero bytes follow the samples inside the size-0 mdat.
    static func sizeZeroMovie(in dir: URL, padding: Int = 0) throws -> (path: String, mdat: BoxHeader) {
        let path = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir, as: "size0.mov")
        var bytes = try Support.bytes(path)
        let mdat = try #require(try TopLevelBoxes.scan(FileSource(path: path)).boxes.last)
        #expect(mdat.type == "mdat" && mdat.end == UInt64(bytes.count))
        bytes.replaceSubrange(Int(mdat.offset)..<Int(mdat.offset) + 4, with: [0, 0, 0, 0])
        bytes += [UInt8](repeating: 0, count: padding)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return (path, mdat)
    }

    /// Prepares a tail edit of `movie` (append + fsync) without committing it: a crash between the steps.
    static func prepareOnly(_ movie: String) throws -> TailAppendMovieWrite {
        let plan = MovieRewritePlan(file: try MovieFile.open(path: movie))
        try LivePhotoMovieEdit.apply(to: plan, identifier: identifier, atMillisecond: 500)
        let tail = try TailAppendMovieWrite(plan)
        try tail.prepare()
        return tail
    }

    @Test("a moov-first movie is edited by appending: no media byte moves, the old moov is retired as free")
    func moovFirstAppends() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let before = try Support.bytes(movie)
        let samples = try Support.sampleBytes(movie)
        let moov = try MovieFile.open(path: movie).moovHeader
        let chunkOffsets = try MovieFile.open(path: movie).movie.tracks.map(\.sampleTable.chunkOffsets.offsets)

        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieWrite == .tailAppend)
        let after = try Support.bytes(movie)
        // The old file is a prefix of the new one, but for the 4-byte type of the old moov.
        let typeAt = Int(moov.offset) + 4
        let expected: [UInt8] = Array(before[..<typeAt]) + Array("free".utf8) + Array(before[(typeAt + 4)...])
        let prefix: [UInt8] = Array(after[..<before.count])
        #expect(prefix == expected)
        #expect(try Self.boxTypes(movie) == ["ftyp", "free", "wide", "mdat", "free", "mdat", "moov"])
        let file = try MovieFile.open(path: movie)
        #expect(!file.moovBeforeMedia)
        #expect(Array(file.movie.tracks.filter { !$0.isStillImageTime }.map(\.sampleTable.chunkOffsets.offsets)) == chunkOffsets, "no chunk offset changed")
        try Self.expectPlayablePair(still: still, movie: movie, samples: samples)
    }

    @Test("crash between append and commit: players and our reader use the old moov; a rerun cleans up")
    func crashBeforeCommit() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let original = try Support.bytes(movie)
        _ = try Self.prepareOnly(movie)
        // Two moovs now: the first (old, no identifier) rules for us and for ffprobe.
        #expect(try Self.boxTypes(movie) == ["ftyp", "moov", "wide", "mdat", "free", "mdat", "moov"])
        let file = try MovieFile.open(path: movie)
        #expect(file.movie.contentIdentifier == nil)
        #expect(file.interruptedAppend?.start == UInt64(original.count))
        #expect(!TailAppendMovieWrite.applies(to: file), "leftovers must be cut first")
        if let streams = try Self.probeStreams(movie) { #expect(streams == ["video"]) }

        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieWrite == .tailAppend)
        #expect(try Self.boxTypes(movie) == ["ftyp", "free", "wide", "mdat", "free", "mdat", "moov"], "the leftover append was cut, not kept")
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        #expect(try Support.sampleBytes(movie) == (try Support.sampleBytes(Support.fixture("movie-moov-first.mov"))))
    }

    @Test("a torn append after the media of a moov-first movie: tolerated, cut back to the original by a rerun")
    func tornAppendAtEveryCut() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir)
        let original = try Support.bytes(movie)
        _ = try Self.prepareOnly(movie)
        let full = try Support.bytes(movie)
        #expect(full.count > original.count + 100)
        // Every cut of the append. The first 3 bytes (zeros) cannot be told from someone's
        // padding: kept as a trailer. From 4 bytes on, the marker's start is ours: cut.
        for cut in original.count + 1..<full.count {
            let path = dir.appendingPathComponent("torn.mov").path
            #expect(FileManager.default.createFile(atPath: path, contents: Data(full[..<cut])))
            let file = try MovieFile.open(path: path)
            #expect(file.movie.contentIdentifier == nil, "cut \(cut): the old moov rules")
            if cut - original.count < 4 {
                #expect(file.interruptedAppend == nil && file.trailerOffset == UInt64(original.count), "cut \(cut)")
            } else {
                #expect(file.interruptedAppend == InterruptedAppend(start: UInt64(original.count), sizeZeroBoxOffset: nil), "cut \(cut)")
                #expect(file.trailerOffset == nil, "cut \(cut)")
                try InterruptedAppendRecovery.undo(path: path, try #require(file.interruptedAppend))
                #expect(try Support.bytes(path) == original, "cut \(cut): not the original again")
            }
        }
        // A rerun over one torn file pairs it and leaves no leftover.
        let path = dir.appendingPathComponent("torn.mov").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(full[..<((original.count + full.count) / 2)])))
        let result = try PairOperation.run(still: still, movie: path)
        #expect(result.movieWrite == .tailAppend)
        #expect(try Self.boxTypes(path) == ["ftyp", "free", "wide", "mdat", "free", "mdat", "moov"])
        #expect(try Verifier.verify(still: still, movie: path).valid)
    }

    @Test("--faststart on a moov-last movie puts the moov first, by a rewrite")
    func faststartMovesMoovFirst() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir)
        let samples = try Support.sampleBytes(movie)
        var options = PairOptions()
        options.faststart = true
        let result = try PairOperation.run(still: still, movie: movie, options: options)
        #expect(result.movieWrite == .rewrite)
        #expect(try MovieFile.open(path: movie).moovBeforeMedia)
        #expect(try Self.boxTypes(movie) == ["ftyp", "wide", "moov", "mdat", "mdat"])
        try Self.expectPlayablePair(still: still, movie: movie, samples: samples)
    }

    @Test("an mdat of size 0 gets its explicit size before the append, and keeps every sample")
    func sizeZeroMediaTailAppend() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let (movie, mdat) = try Self.sizeZeroMovie(in: dir)
        let samples = try Support.sampleBytes(movie)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieWrite == .tailAppend)
        let after = try Support.bytes(movie)
        let top = try TopLevelBoxes.scan(FileSource(path: movie))
        #expect(top.boxes.map(\.type.description) == ["ftyp", "free", "wide", "mdat", "free", "mdat", "moov"])
        let newMdat = try #require(top.first("mdat"))
        #expect(!newMdat.runsToEnd)
        #expect(newMdat.offset == mdat.offset && newMdat.size == mdat.size)
        #expect(Array(after[Int(mdat.offset)..<Int(mdat.offset) + 4]) == [UInt8(mdat.size >> 24), UInt8((mdat.size >> 16) & 0xFF), UInt8((mdat.size >> 8) & 0xFF), UInt8(mdat.size & 0xFF)])
        try Self.expectPlayablePair(still: still, movie: movie, samples: samples)
    }

    @Test("a size-0 mdat past 16 MiB gets its whole explicit size: every byte of the size field")
    func sizeZeroLargeMediaTailAppend() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let padding = (1 << 24) + 5
        let (movie, mdat) = try Self.sizeZeroMovie(in: dir, padding: padding)
        let result = try PairOperation.run(still: still, movie: movie)
        #expect(result.movieWrite == .tailAppend)
        let top = try TopLevelBoxes.scan(FileSource(path: movie))
        let newMdat = try #require(top.first("mdat"))
        #expect(!newMdat.runsToEnd && newMdat.offset == mdat.offset && newMdat.size == mdat.size + UInt64(padding))
        #expect(top.boxes.last?.type == "moov")
        #expect(try Verifier.verify(still: still, movie: movie).valid)
    }

    @Test("size-0 mdat: an aborted edit restores the original bytes; a crash before commit is cleaned up")
    func sizeZeroAbortAndCrash() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let (movie, mdat) = try Self.sizeZeroMovie(in: dir)
        let original = try Support.bytes(movie)

        let aborted = try Self.prepareOnly(movie)
        aborted.abort()
        #expect(try Support.bytes(movie) == original, "size field 0 again, nothing appended")

        // Crash after the append: the explicit size is in place (it means the same), the old moov rules.
        _ = try Self.prepareOnly(movie)
        let file = try MovieFile.open(path: movie)
        #expect(file.movie.contentIdentifier == nil)
        #expect(file.topLevel.boxes.first { $0.type == "mdat" }?.end == mdat.end, "the media mdat does not swallow the append")
        #expect(file.interruptedAppend?.start == UInt64(original.count))
        if let streams = try Self.probeStreams(movie) { #expect(streams == ["video"]) }
        _ = try PairOperation.run(still: still, movie: movie)
        #expect(try Verifier.verify(still: still, movie: movie).valid)
        #expect(try Self.boxTypes(movie) == ["ftyp", "free", "wide", "mdat", "free", "mdat", "moov"])
    }

    @Test("a size-0 mdat past 4 GiB cannot take a 32-bit size: rewrite, with a 64-bit header and offsets shifted by 8")
    func sizeZeroPast4GiB() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, mdat) = try Self.sizeZeroMovie(in: dir)
        // Sparse: the size-0 mdat now runs past 4 GiB.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: mdat.offset + (5 << 30))
        try handle.close()
        let file = try MovieFile.open(path: path)
        let big = try #require(file.topLevel.boxes.last)
        #expect(big.runsToEnd && big.size > UInt64(UInt32.max))
        #expect(!TailAppendMovieWrite.applies(to: file))
        #expect(MovieWriteMethod.decide(file, edit: MovieRewritePlan(file: file), inPlace: true, tailAppendAllowed: true,
                                        faststart: false, target: path).method == .rewrite)

        let oldOffsets = file.movie.videoTracks[0].sampleTable.chunkOffsets.offsets
        let plan = MovieRewritePlan(file: file)
        try LivePhotoMovieEdit.apply(to: plan, identifier: Self.identifier, atMillisecond: 500)
        let pieces = MovieFileImage.pieces(plan, moovFirst: false)
        let mdatIndex = try #require(pieces.firstIndex { if case .copyWithExplicitSize = $0 { return true }; return false })
        let layout = try MovieLayout(pieces: pieces, base: 0, plan: plan)
        let header = layout.bytes(of: pieces[mdatIndex], plan: plan)
        #expect(header.count == 16)
        var r = ByteReader(header)
        #expect(try r.readUInt32() == 1)
        #expect(try r.readFourCC() == "mdat")
        #expect(try r.readUInt64() == big.payloadSize + 16)
        let newOffsets = try Movie(moov: plan.moov).videoTracks[0].sampleTable.chunkOffsets.offsets
        let mediaStart = layout.offsets[mdatIndex] + 16
        #expect(newOffsets == oldOffsets.map { mediaStart + ($0 - big.payloadOffset) })
    }
}
