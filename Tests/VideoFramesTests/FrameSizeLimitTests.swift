import Foundation
import Testing
import BinaryIO
import ISOBMFF
import TestSupport
@testable import VideoFrames

/// One bound for every frame we decode, scale or encode: 2^26 pixels, sides of at least one
/// pixel. A size at the bound is made; one pixel more, a side of 0 or sides whose product does
/// not fit an Int is refused.
@Suite("FrameSizeLimit: the one bound on a frame's size")
struct FrameSizeLimitTests {
    static let side = 1 << 13   // 8192: side × side is exactly the bound

    static let atBound: [(Int, Int)] = [(side, side), (1, 1 << 26), (1 << 26, 1), (1, 1), (side / 2, side * 2)]
    static let pastBound: [(Int, Int)] = [(side, side + 1), (side + 1, side), (1, (1 << 26) + 1), ((1 << 26) + 1, 1), (0, 1), (1, 0), (0, 0),
                                          (-1, -1), (-side, -side), (1 << 32, 1 << 32), (Int.max, 2), (2, Int.max)]

    @Test("sizes at the bound are allowed", arguments: atBound)
    func atTheBound(width: Int, height: Int) {
        #expect(FrameSizeLimit.allows(width: width, height: height), "\(width)x\(height)")
    }

    @Test("a pixel past the bound, no pixels, or a product past Int is refused", arguments: pastBound)
    func pastTheBound(width: Int, height: Int) {
        #expect(!FrameSizeLimit.allows(width: width, height: height), "\(width)x\(height)")
    }

    /// The fixture movie with its sample description's width and height set (the frames stay 320x240).
    static func movie(claiming width: UInt16, _ height: UInt16, in dir: TempDir) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Support.fixture("movie-moov-last.mov"))))
        let stsd = try #require(bytes.indices.dropLast(4).first { bytes[$0..<$0 + 4] == [0x73, 0x74, 0x73, 0x64] })
        let entry = stsd + 12   // after the stsd type: version and flags, entry count, then the entry
        #expect(Array(bytes[entry + 4..<entry + 8]) == Array("avc1".utf8) && Array(bytes[entry + 32..<entry + 36]) == [0x01, 0x40, 0x00, 0xF0])
        bytes.replaceSubrange(entry + 32..<entry + 36, with: [UInt8(width >> 8), UInt8(width & 0xFF), UInt8(height >> 8), UInt8(height & 0xFF)])
        return try dir.write("claims-\(width)x\(height).mov", bytes)
    }

    @Test("a sample description claiming the bound is decoded; one pixel row more is refused before a decoder opens", .requires(.ffmpeg))
    func sampleDescriptionClaims() throws {
        let dir = try TempDir()
        let side = UInt16(Self.side)
        let atBound = try MovieFile.open(path: try Self.movie(claiming: side, side, in: dir))
        let still = try StillFrameExtractor.extract(from: atBound, track: try #require(atBound.movie.mainVideoTrack), movieTick: 0)
        #expect(still.width == 320 && still.height == 240)

        let past = try MovieFile.open(path: try Self.movie(claiming: side, side + 1, in: dir))
        let track = try #require(past.movie.mainVideoTrack)
        let stillError = #expect(throws: ParseError.self) { _ = try StillFrameExtractor.extract(from: past, track: track, movieTick: 0) }
        #expect(stillError?.kind == .tooLarge && stillError?.message == "video of 8192x8193 pixels exceeds the 67108864 pixels a still may have",
                "\(String(describing: stillError))")
        let span = WallpaperVideoEncoder.Span(start: 0, end: FrameTiming(track: track, movieTimescale: past.movie.header.timescale).endTick)
        let encodeError = #expect(throws: ParseError.self) { _ = try WallpaperVideoEncoder.encode(file: past, track: track, span: span) }
        #expect(encodeError?.kind == .tooLarge && encodeError?.message == "video of 8192x8193 pixels exceeds the 67108864 pixels a frame may have",
                "\(String(describing: encodeError))")
    }

    /// A stream whose pictures are larger than its sample description says (8200x8200, past the
    /// bound; the description claims 320x240): the description passes, and the decoder, bounded
    /// by `max_pixels`, refuses the picture before allocating it, for a still, a still scaled to
    /// a wallpaper's size, and a wallpaper's re-encode.
    @Test("a stream whose pictures are past the bound is refused by the decoder: a still, scaled or not, and a re-encode", .requires(.ffmpeg))
    func decodedPastTheBound() throws {
        let dir = try TempDir()
        let path = try EncodedStreams.clip("big.mov", in: dir, source: "color=black:s=8200x8200:r=30:d=0.07",
                                           codec: ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let stsd = try #require(bytes.indices.dropLast(4).first { bytes[$0..<$0 + 4] == [0x73, 0x74, 0x73, 0x64] })
        let entry = stsd + 12
        #expect(Array(bytes[entry + 4..<entry + 8]) == Array("avc1".utf8) && Array(bytes[entry + 32..<entry + 36]) == [0x20, 0x08, 0x20, 0x08])
        bytes.replaceSubrange(entry + 32..<entry + 36, with: [0x01, 0x40, 0x00, 0xF0])
        let claiming = try dir.write("claims-320x240.mov", bytes)
        let file = try MovieFile.open(path: claiming)
        let track = try #require(file.movie.mainVideoTrack)
        #expect(try track.videoCodecConfiguration().width == 320)
        for size: (width: Int, height: Int)? in [nil, (320, 240)] {
            let error = #expect(throws: ParseError.self) { _ = try StillFrameExtractor.extract(from: file, track: track, movieTick: 0, size: size) }
            #expect(error?.message.hasPrefix("the frame at 0.000 s (sample 1) failed to decode: ") == true, "\(String(describing: error))")
        }
        let span = WallpaperVideoEncoder.Span(start: 0, end: FrameTiming(track: track, movieTimescale: file.movie.header.timescale).endTick)
        let encodeError = #expect(throws: ParseError.self) { _ = try WallpaperVideoEncoder.encode(file: file, track: track, span: span) }
        #expect(encodeError?.message.contains("failed to decode: ") == true, "\(String(describing: encodeError))")
    }
}
