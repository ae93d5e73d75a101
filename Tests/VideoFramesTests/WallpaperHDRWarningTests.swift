import Foundation
import ISOBMFF
import Testing
@testable import VideoFrames

/// A PQ or HLG source written as 8-bit HEVC keeps its transfer but is not tone mapped: the
/// encode says so, once, naming the transfer (an 8-bit source needs no bit-depth warning).
@Suite("wallpaper encode: HDR written as 8-bit is said to be without tone mapping")
struct WallpaperHDRWarningTests {
    @Test("an 8-bit H.264 source whose VUI says PQ or HLG: one warning naming it", .requires(.ffmpeg),
          arguments: [("smpte2084", "PQ", FrameColour.transferPQ), ("arib-std-b67", "HLG", FrameColour.transferHLG)])
    func hdrEightBitSource(_ trc: String, _ name: String, _ transfer: Int) throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("\(name).mov", in: dir, source: "testsrc2=s=64x48:r=30:d=0.5",
                                           codec: ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "bt2020nc", "-color_primaries", "bt2020",
                                                   "-color_trc", trc, "-color_range", "tv"])
        let file = try MovieFile.open(path: path)
        let encoded = try WallpaperVideoEncoder.encode(file: file, track: try EncodedStreams.videoTrack(file),
                                                       span: .init(start: 0, end: Int64(file.movie.header.timescale) / 4), options: WallpaperVideoEncoderTests.fast)
        #expect(encoded.bitDepth == 8 && encoded.colour.transfer == transfer, "\(encoded.colour)")
        #expect(encoded.warnings == ["HDR (\(name)) video encoded as 8-bit without tone mapping"], "\(encoded.warnings)")
    }
}
