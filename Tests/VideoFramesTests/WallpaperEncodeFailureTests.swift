import BinaryIO
import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// Damage in the middle of the span reaches the caller as the decoding side's error, through
/// the decode-ahead thread, without hanging (each encode runs under a 60 s watchdog).
@Suite("WallpaperVideoEncoder: damage mid-stream")
struct WallpaperEncodeFailureTests {
    /// 2 s of 30 fps H.264, a key frame every 10 frames, `moov` first (so a cut keeps it).
    static func clip(in dir: TempDir) throws -> String {
        try EncodedStreams.clip("damaged.mov", in: dir, source: "testsrc2=s=64x48:r=30:d=2",
                                codec: ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-bf", "0", "-g", "10", "-movflags", "+faststart"])
    }

    /// The encode of the whole clip, or the error it threw.
    static func encodeWhole(_ path: String) throws -> Error? {
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let span = WallpaperVideoEncoder.Span(start: 0, end: FrameTiming(track: track, movieTimescale: file.movie.header.timescale).endTick)
        return TwoStagePipelineTests.finishes { () -> Error? in
            do {
                _ = try WallpaperVideoEncoder.encode(file: file, track: track, span: span, options: WallpaperVideoEncoderTests.fast, stillAt: 0)
                return nil
            } catch {
                return error
            }
        } ?? nil
    }

    /// Sample 31's byte range (the middle of the clip).
    static func middleSample(_ path: String) throws -> (offset: UInt64, size: UInt32) {
        let file = try MovieFile.open(path: path)
        return try EncodedStreams.videoTrack(file).sampleTable.sampleRanges()[30]
    }

    /// Sample 31's first NAL unit claims more bytes than the sample has: the decoder refuses it
    /// (errors are not concealed), and the error names the decode, the sample and its offset.
    @Test(.requires(.ffmpeg))
    func corruptSampleMidStreamIsAnError() throws {
        let dir = try TempDir()
        let path = try Self.clip(in: dir)
        let sample = try Self.middleSample(path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes.replaceSubrange(Int(sample.offset)..<Int(sample.offset) + 4, with: [0x7F, 0xFF, 0xFF, 0xFF])
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = try Self.encodeWhole(path)
        let parse = try #require(error as? ParseError, "got \(String(describing: error))")
        #expect("\(parse)".contains("sample 31 failed to decode"), "\(parse)")
        #expect(parse.offset == sample.offset, "the error points at the damaged sample's bytes: \(parse)")
    }
}
