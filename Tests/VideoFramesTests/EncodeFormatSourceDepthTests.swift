import CAVCodec
import Testing
@testable import VideoFrames

/// With the source's depth kept (the default), a source deeper than 8 bits is encoded as 10-bit
/// (Main 10), a 9-bit one included; an 8-bit source stays 8-bit. Only a source deeper than the
/// depth chosen gives a warning.
@Suite("encode format: every source deeper than 8 bits, 9 included, is encoded as 10-bit")
struct EncodeFormatSourceDepthTests {
    static func format(_ pixelFormat: AVPixelFormat) throws -> EncodeFormat {
        try FFmpegDecoder.requireLibraries()   // libavutil, loaded on first use
        let frame = try #require(lp_av_frame_alloc())
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        defer { lp_av_frame_free(&owned) }
        frame.pointee.format = pixelFormat.rawValue
        frame.pointee.width = 64
        frame.pointee.height = 48
        return EncodeFormat(for: frame, options: WallpaperVideoEncoder.Options(), entryColour: nil)
    }

    @Test("8-bit: 8; 9- and 10-bit: 10 without a warning; 12-bit: 10 with one")
    func depthChosen() throws {
        let eight = try Self.format(AV_PIX_FMT_YUV420P), nine = try Self.format(AV_PIX_FMT_YUV420P9LE)
        let ten = try Self.format(AV_PIX_FMT_YUV420P10LE), twelve = try Self.format(AV_PIX_FMT_YUV420P12LE)
        #expect(eight.settings.bitDepth == 8 && eight.warnings.isEmpty)
        #expect(nine.settings.bitDepth == 10 && nine.warnings.isEmpty, "\(nine.warnings)")
        #expect(ten.settings.bitDepth == 10 && ten.warnings.isEmpty)
        #expect(twelve.settings.bitDepth == 10 && twelve.warnings == ["12-bit video encoded as 10-bit"])
    }
}
