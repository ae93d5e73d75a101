import BinaryIO
import Testing
import TestSupport
@testable import StillImage

/// The full decode (verify's check that the entropy-coded data is intact) refuses a frame of
/// no pixels; one pixel is a frame like any other and goes to libjpeg-turbo.
@Suite("libjpeg-turbo full decode: a one-pixel frame is decoded")
struct FullDecodeSmallestFrameTests {
    @Test("a 1x1 JPEG as libjpeg-turbo encodes it decodes fully", arguments: [ChromaSubsampling.yuv420, .yuv444])
    func onePixel(_ subsampling: ChromaSubsampling) throws {
        let jpeg = try TurboJPEG.encode(rgb: [200, 30, 90], width: 1, height: 1, quality: 90, subsampling: subsampling)
        let dir = try TempDir()
        let path = try dir.write("one.jpg", jpeg)
        let frame = try FrameHeader.read(FileSource(path: path), try #require(JPEGStructure.read(FileSource(path: path)).frameSegment))
        #expect(frame.width == 1 && frame.height == 1)
        #expect(throws: Never.self) { try TurboJPEG.decodeFully(path: path) }
    }
}
