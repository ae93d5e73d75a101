import BinaryIO
import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// A sample is read when it lies inside the file, up to and including its last byte (the
/// last sample of a movie whose `mdat` comes last ends exactly there), and refused as
/// truncated when it reaches one byte past it.
@Suite("VideoSampleBytes")
struct VideoSampleBytesTests {
    @Test("a sample ending at the file's last byte is read; one byte further is refused", arguments: [1, 8, 4096])
    func boundsAtTheEndOfTheFile(_ size: Int) throws {
        let path = Support.fixture("movie-mp4.mp4")
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let end = UInt64(bytes.count)
        let atEnd = [(offset: end - UInt64(size), size: UInt32(size))]
        let read = try VideoSampleBytes.read(file, track: track, ranges: atEnd, index: 0, purpose: "the test")
        #expect(read == Array(bytes[(bytes.count - size)...]))

        let pastEnd = [(offset: end - UInt64(size) + 1, size: UInt32(size))]
        let error = #expect(throws: ParseError.self) {
            _ = try VideoSampleBytes.read(file, track: track, ranges: pastEnd, index: 0, purpose: "the test")
        }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "sample 1, needed for the test, lies past the end of the file")
    }
}

/// The bounds on what one encode or one sample may cost hold at their exact values.
@Suite("VideoFrames limits: at the bound done, one past refused")
struct VideoFramesLimitTests {
    /// One second of the movie at 36,000 frames a second is 36,000 output frames, the most an
    /// encode may have: planned, each slot a frame of the span in order; 36,001 are refused.
    @Test("36,000 output frames are planned; 36,001 are refused as too large")
    func frameSlots() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-mp4.mp4"))
        let track = try EncodedStreams.videoTrack(file)
        let ts = file.movie.header.timescale
        let timing = FrameTiming(track: track, movieTimescale: ts)
        try #require(timing.endTick >= Int64(ts))
        let span = WallpaperVideoEncoder.Span(start: 0, end: Int64(ts))
        let slots = try FrameSlots.plan(timing: timing, span: span, movieTimescale: ts, frameRate: FrameSlots.maximumFrames)
        #expect(slots.count == FrameSlots.maximumFrames)
        #expect(zip(slots, slots.dropFirst()).allSatisfy { $0.compositionTime <= $1.compositionTime })
        let error = #expect(throws: ParseError.self) {
            _ = try FrameSlots.plan(timing: timing, span: span, movieTimescale: ts, frameRate: FrameSlots.maximumFrames + 1)
        }
        #expect(error?.kind == .tooLarge && error?.message == "36001 frames exceed the 36000 an encode may have", "\(String(describing: error))")
    }

    /// A sample of exactly 64 MiB (the most a decoder is handed) is read; one byte more is damage.
    @Test("a sample of 64 MiB is read; 64 MiB + 1 is refused")
    func sampleSize() throws {
        let dir = try TempDir()
        let movie = try Support.bytes(Support.fixture("movie-mp4.mp4"))
        let big = StillFrameExtractor.maximumSampleSize + 1
        // The movie, then a `free` box holding the big sample's bytes (sparse: never written).
        var header = ByteWriter()
        header.u32(UInt32(big + 8)); header.fourCC("free")
        let path = try dir.write("big.mp4", movie + header.bytes)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(movie.count + 8 + big))
        try handle.close()
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let at = UInt64(movie.count + 8)
        let read = try VideoSampleBytes.read(file, track: track, ranges: [(offset: at, size: UInt32(big - 1))], index: 0, purpose: "the test")
        #expect(read.count == big - 1 && read.allSatisfy { $0 == 0 })
        let error = #expect(throws: ParseError.self) {
            _ = try VideoSampleBytes.read(file, track: track, ranges: [(offset: at, size: UInt32(big))], index: 0, purpose: "the test")
        }
        #expect(error?.message == "sample 1 of 67108865 bytes, needed for the test", "\(String(describing: error))")
    }
}
