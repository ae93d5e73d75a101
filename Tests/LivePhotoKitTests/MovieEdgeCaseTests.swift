import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
import StillImage
@testable import LivePhotoKit

@Suite("pair: movie edge cases")
struct MovieEdgeCaseTests {
    /// Writes `bytes` to a new file in `dir`.
    static func write(_ bytes: [UInt8], _ name: String, in dir: URL) -> String {
        let path = dir.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    @Test("a movie without a video track is refused with a clear error")
    func noVideoTrack() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = Support.fixture("movie-audio.mov")
        let plan = MovieRewritePlan(file: try MovieFile.open(path: source))
        let video = plan.file.movie.videoTracks[0].atom
        plan.moov.children?.removeAll { $0 === video }
        let audioOnly = dir.appendingPathComponent("audio.mov").path
        try WholeFileMovieWriter.prepare(plan, targetPath: audioOnly).commit()
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let sb = try Support.bytes(still), mb = try Support.bytes(audioOnly)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: audioOnly) }
        #expect(e?.reason == "the movie has no video track")
        #expect(e?.path == audioOnly)
        #expect(try Support.bytes(still) == sb)
        #expect(try Support.bytes(audioOnly) == mb)
    }

    @Test("a fragmented MP4 (moof) is refused", .requires(.ffmpeg))
    func fragmented() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frag = dir.appendingPathComponent("frag.mp4").path
        let r = try Support.run(Support.tool("ffmpeg")!, ["-v", "error", "-i", Support.fixture("movie-mp4.mp4"), "-c", "copy", "-movflags", "frag_keyframe+empty_moov", frag])
        #expect(r.status == 0)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: frag) }
        #expect(e?.reason.contains("fragmented") == true)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("frag.MOV").path))
    }

    @Test("a movie cut inside its moov is refused, naming the cut")
    func truncatedMoov() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let full = try Support.bytes(Support.fixture("movie-moov-last.mov"))
        let moov = try #require(try TopLevelBoxes.scan(FileSource(path: Support.fixture("movie-moov-last.mov"))).first("moov"))
        let cut = Self.write(Array(full.prefix(Int(moov.offset) + Int(moov.size) / 2)), "cut.mov", in: dir)
        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let e = #expect(throws: LivePhotoError.self) { try PairOperation.run(still: still, movie: cut) }
        #expect(e?.reason.hasPrefix("truncated") == true)
        #expect(e?.category == .unreadable)
    }

    /// A copy of movie-moov-last.mov with a sparse `free` box of `gap` bytes between its `mdat`
    /// and its `moov`: a "4 GB movie" whose media is never read, on little disk.
    static func hugeMoovLast(gap: UInt64, in dir: URL) throws -> String {
        let source = Support.fixture("movie-moov-last.mov")
        let top = try TopLevelBoxes.scan(FileSource(path: source))
        let moov = try #require(top.first("moov"))
        let bytes = try Support.bytes(source)
        let path = dir.appendingPathComponent("huge.mov").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes.prefix(Int(moov.offset)))))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        var w = ByteWriter()
        w.u32(1); w.fourCC("free"); w.u64(gap)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(w.bytes))
        try handle.seek(toOffset: moov.offset + gap)   // the hole stays unallocated
        try handle.write(contentsOf: Data(bytes[Int(moov.offset)...]))
        try handle.close()
        return path
    }

    @Test("a 4.5 GB movie is opened by reading its headers and moov only, and paired by a tail edit")
    func hugeMovieReadsHeadersOnly() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.hugeMoovLast(gap: 4_500_000_000, in: dir)
        let source = try FileSource(path: path)
        #expect(source.size > 4_500_000_000)
        let file = try MovieFile(source: source)
        #expect(file.movie.videoTracks.count == 1)
        #expect(source.bytesRead < 64 * 1024, "read \(source.bytesRead) bytes to open a \(source.size)-byte movie")

        let still = try Support.copy(Support.fixture("still-no-exif.jpg"), to: dir)
        let sizeBefore = source.size
        let result = try PairOperation.run(still: still, movie: path)
        #expect(result.movieWrite == .tailAppend)
        let after = try FileSource(path: path)
        #expect(after.size - sizeBefore < 16 * 1024, "the tail edit appends only a moov and one sample")
        #expect(try Verifier.verify(still: still, movie: path).valid)
    }

    @Test("moov-first: shifted chunk offsets that pass 4 GiB turn stco into co64")
    func offsetsPromotedToCo64() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        // moov first, then a sparse free box that puts the media just below 4 GiB.
        let source = Support.fixture("movie-moov-first.mov")
        let original = try MovieFile.open(path: source)
        let top = original.topLevel
        let moov = original.moovHeader
        let firstAfterMoov = try #require(top.boxes.first { $0.offset == moov.end })
        let oldOffsets = original.movie.videoTracks[0].sampleTable.chunkOffsets.offsets
        let gap = UInt64(UInt32.max) - 200 - oldOffsets.max()!   // the moov grows by more than 200 bytes
        let stbl = try #require(original.movie.videoTracks[0].atom.find("mdia", "minf", "stbl"))
        stbl.replaceChunkOffsets(with: ChunkOffsetTable(offsets: oldOffsets.map { $0 + gap }, is64Bit: false))
        let moovBytes = original.movie.moov.serialized()
        #expect(UInt64(moovBytes.count) == moov.size, "same size: offsets still fit 32 bits")
        let bytes = try Support.bytes(source)
        let path = dir.appendingPathComponent("near4g.mov").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Array(bytes[..<Int(moov.offset)]) + moovBytes)))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        var w = ByteWriter()
        w.u32(1); w.fourCC("free"); w.u64(gap)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(w.bytes))
        try handle.seek(toOffset: firstAfterMoov.offset + gap)
        try handle.write(contentsOf: Data(bytes[Int(firstAfterMoov.offset)...]))
        try handle.close()

        let file = try MovieFile.open(path: path)
        #expect(file.moovBeforeMedia)
        let plan = MovieRewritePlan(file: file)
        try LivePhotoMovieEdit.apply(to: plan, identifier: "11111111-2222-3333-4444-555555555555", atMillisecond: 1000)
        var pieces: [MovieLayout.Piece] = file.topLevel.boxes.map { $0.type == "moov" ? .movie : .copy($0) }
        pieces.append(.appendedMedia)
        let layout = try MovieLayout(pieces: pieces, base: 0, plan: plan)
        let moovAfter = try Movie(moov: plan.moov)
        let video = moovAfter.videoTracks[0]
        #expect(video.sampleTable.chunkOffsets.is64Bit, "promoted to co64")
        #expect(video.atom.find("mdia", "minf", "stbl", "co64") != nil && video.atom.find("mdia", "minf", "stbl", "stco") == nil)
        let growth = plan.moov.size - moov.size
        #expect(video.sampleTable.chunkOffsets.offsets == file.movie.videoTracks[0].sampleTable.chunkOffsets.offsets.map { $0 + growth })
        #expect(layout.offsets.count == pieces.count)
        // The still-image-time sample lands in the appended mdat, past 4 GiB too.
        let still = try #require(moovAfter.stillImageTimeTracks.first)
        #expect(still.sampleTable.chunkOffsets.offsets[0] == layout.offsets.last! + 8)
    }
}
