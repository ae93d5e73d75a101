import BinaryIO
@testable import StillImage
import Testing

/// When libjpeg-turbo cannot read a JPEG's headers (here a quantisation table of index 5), the
/// frame's size comes from our own SOF parse if it has one: a frame one pixel wide or one pixel
/// high is a size like any other, never taken for a missing one.
@Suite("libjpeg-turbo refusing the headers: a 1-pixel-wide or -high frame keeps its size")
struct TurboJPEGOnePixelFrameTests {
    @Test("damaged DQT: 1x16 and 16x1 frames are read from the SOF, with the library's reason", arguments: [(1, 16), (16, 1)])
    func onePixelFrame(width: Int, height: Int) throws {
        var jpeg = SyntheticJPEG()
        jpeg.width = width; jpeg.height = height
        var bytes = jpeg.bytes
        let dir = try TempDir()
        let structure = try JPEGStructure.read(FileSource(path: try dir.write("intact.jpg", bytes)))
        let table = try #require(structure.segments.first { $0.marker == 0xDB })
        bytes[Int(table.payloadOffset)] = 0x05
        let info = try TurboJPEGTests.header(bytes)
        #expect(info.width == width && info.height == height && info.subsampling == "unknown")
        #expect(info.unreadByLibrary?.contains("Bogus DQT index") == true, "\(String(describing: info.unreadByLibrary))")
    }
}
