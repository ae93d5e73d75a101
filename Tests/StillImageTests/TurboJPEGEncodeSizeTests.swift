import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// `make` encodes whatever frame size the video has: a one-pixel-wide or one-pixel-high frame
/// (up to libjpeg's 65,500 a side; a JPEG's SOF fields would hold 65,535) is encoded; an empty one, or pixels that do
/// not fill the size, is refused.
@Suite("libjpeg-turbo encode: every size a JPEG can hold")
struct TurboJPEGEncodeSizeTests {
    @Test("1x1, 1xN and Nx1 frames, up to 65,500 a side, encode to a JPEG of that size", arguments: [(1, 1), (1, 7), (9, 1), (3, 2), (65_500, 1), (1, 65_500)])
    func smallestFramesEncode(width: Int, height: Int) throws {
        let pixels = (0..<width * height * 3).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let jpeg = try TurboJPEG.encode(rgb: pixels, width: width, height: height, quality: 90, subsampling: .yuv420)
        let dir = try TempDir()
        let source = try FileSource(path: try dir.write("t.jpg", jpeg))
        let header = try TurboJPEG.header(of: source, structure: JPEGStructure.read(source))
        #expect(header.width == width && header.height == height)
    }

    @Test("an empty frame, or pixels that do not fill it, is refused", arguments: [(0, 1, 0), (1, 0, 0), (2, 2, 11), (65_501, 1, 65_501 * 3), (1, 65_501, 65_501 * 3), (Int.max, Int.max, 3)])
    func impossibleFramesAreRefused(width: Int, height: Int, bytes: Int) {
        let error = #expect(throws: ParseError.self) {
            try TurboJPEG.encode(rgb: [UInt8](repeating: 0, count: bytes), width: width, height: height, quality: 90, subsampling: .yuv444)
        }
        // A side past libjpeg's limit is refused by us, naming the limit, before libjpeg is asked.
        let tooLarge = max(width, height) > TurboJPEG.maximumEncodedSide
        #expect((error?.kind == .tooLarge) == tooLarge && (error?.message.contains("65500 pixels a side") == true) == tooLarge, "\(String(describing: error))")
    }
}
