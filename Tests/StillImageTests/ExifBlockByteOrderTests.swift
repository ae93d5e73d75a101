import Testing
import BinaryIO
@testable import StillImage

/// The libexif-backed block reports the byte order its TIFF header names: "II" little-endian,
/// "MM" big-endian. The values it reads come out the same in either order.
@Suite("libexif block: the byte order of the TIFF header")
struct ExifBlockByteOrderTests {
    @Test("an II block is little-endian, an MM block big-endian; Make and Orientation read in both", arguments: [false, true])
    func byteOrder(littleEndian: Bool) throws {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        e.ifd0 = [e.ascii(0x010F, "Apple"), e.short(0x0112, 6)]
        let block = try ExifBlock(payload: e.payload, hidingMakerNoteAt: nil)
        #expect(block.littleEndian == littleEndian)
        #expect(block.make == "Apple" && block.orientation == 6)
    }
}
