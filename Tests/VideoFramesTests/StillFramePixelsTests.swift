import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import VideoFrames

/// `make`'s still, before the JPEG encode, is the frame as ffmpeg converts it with the same
/// libswscale settings (bicubic, accurate rounding, full chroma, the clip's matrix and range,
/// no brightness, contrast or saturation change): byte for byte, every pixel.
@Suite("StillFrameExtractor: RGB pixels equal ffmpeg's")
struct StillFramePixelsTests {
    static func ffmpegFrame(_ path: String, frame: Int, matrix: String, range: String, width: Int, height: Int) throws -> [UInt8] {
        let ffmpeg = try Support.requireTool("ffmpeg")
        let filter = "select=eq(n\\,\(frame)),scale=in_color_matrix=\(matrix):in_range=\(range):flags=bicubic+accurate_rnd+full_chroma_int+full_chroma_inp"
        let result = try Support.run(ffmpeg, ["-v", "error", "-noautorotate", "-i", path, "-vf", filter, "-frames:v", "1",
                                              "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        try #require(result.status == 0, "ffmpeg: \(result.err)")
        let bytes = Array(result.outData)
        try #require(bytes.count == width * height * 3)
        return bytes
    }

    @Test("fixture movie (untagged: BT.601, limited range), several frames: every byte equal")
    func fixtureFrames() throws {
        try expectEqualFrames(Support.fixture("movie-moov-last.mov"), matrix: "bt601", range: "tv")
    }

    /// A tagged clip: the matrix and range come from the stream, and each changes the pixels.
    @Test("BT.709 clip, limited and full range: every byte equal", arguments: ["tv", "pc"])
    func taggedClip(range: String) throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("bt709-\(range).mov", in: dir, source: "testsrc2=size=96x64:rate=10:duration=1",
                                           codec: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_primaries", "bt709",
                                                   "-color_trc", "bt709", "-color_range", range])
        try expectEqualFrames(path, matrix: "bt709", range: range)
    }

    /// Open GOPs (libx265 `open-gop`): each CRA after the first is followed in decode order by
    /// leading pictures (RASL) shown before it. Decoded from that CRA they never come out
    /// (libavcodec drops them, their references being in the GOP before), so their still is
    /// decoded again from the sync sample before: the same pixels as ffmpeg's, which decodes
    /// the whole stream.
    @Test("an open-GOP HEVC clip: the leading pictures before a CRA come out, the same pixels as ffmpeg's")
    func openGOPLeadingPictures() throws {
        let dir = try TempDir()
        let path = try EncodedStreams.openGOPClip(in: dir, source: "testsrc2=size=128x96:rate=30:duration=1", lossless: false)
        let file = try MovieFile.open(path: path)
        let track = try EncodedStreams.videoTrack(file)
        let times = track.sampleTable.compositionTimes()
        let leading = try EncodedStreams.leadingPictures(track)
        try #require(!leading.isEmpty, "the clip has open GOPs (a CRA with leading pictures)")
        let timing = FrameTiming(track: track, movieTimescale: file.movie.header.timescale)
        let shownOrder = times.indices.sorted { times[$0] < times[$1] }
        for sample in leading {
            let n = try #require(shownOrder.firstIndex(of: sample))
            let ours = try StillFrameExtractor.extract(from: file, track: track, movieTick: timing.startTick(ofFrame: n))
            let theirs = try Self.ffmpegFrame(path, frame: n, matrix: "bt601", range: "tv", width: ours.width, height: ours.height)
            let differing = zip(ours.pixels, theirs).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(n) (sample \(sample + 1)): \(differing) of \(theirs.count) bytes differ")
        }
    }

    func expectEqualFrames(_ path: String, matrix: String, range: String) throws {
        let file = try MovieFile.open(path: path)
        let track = try #require(file.movie.tracks.first { $0.isVideo })
        let timing = FrameTiming(track: track, movieTimescale: file.movie.header.timescale)
        for n in [0, 3, 7] {
            let tick = timing.startTick(ofFrame: n)
            let ours = try StillFrameExtractor.extract(from: file, track: track, movieTick: tick)
            #expect(ours.colour.fullRange == (range == "pc"), "frame \(n): read as full range \(ours.colour.fullRange)")
            if matrix == "bt709" { #expect(ours.colour.matrix == 1, "frame \(n): read as matrix \(ours.colour.matrix)") }
            let theirs = try Self.ffmpegFrame(path, frame: n, matrix: matrix, range: range, width: ours.width, height: ours.height)
            let differing = zip(ours.pixels, theirs).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(n): \(differing) of \(theirs.count) bytes differ")
        }
    }
}
