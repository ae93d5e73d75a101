import Testing
import BinaryIO
@testable import StillImage

/// The libexif-backed block's Orientation (what the check after an identifier rewrite compares
/// with the original's): the first SHORT of IFD0's entry, in either byte order; an entry of
/// another type, or none, is no orientation. Our own TIFF reader agrees.
@Suite("libexif Orientation: the first SHORT, as our TIFF reader reads it")
struct LibexifOrientationTests {
    static func payload(_ orientation: SyntheticEXIF.Entry?, littleEndian: Bool) -> [UInt8] {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        e.ifd0 = [e.ascii(0x010F, "Apple")] + (orientation.map { [$0] } ?? [])
        return e.payload
    }

    @Test("a SHORT orientation 1 to 8 reads as stored, in either byte order", arguments: [false, true])
    func shortOrientation(littleEndian: Bool) throws {
        for value in UInt16(1)...8 {
            var e = SyntheticEXIF()
            e.littleEndian = littleEndian
            let payload = Self.payload(e.short(0x0112, value), littleEndian: littleEndian)
            #expect(try ExifBlock(payload: payload, hidingMakerNoteAt: nil).orientation == Int(value), "\(value)")
            let ours = try ExifTIFF(tiff: Array(payload.dropFirst(6)), tiffOffset: 0, path: "Exif")
            #expect(ours.orientation == Int(value), "our reader: \(value)")
        }
    }

    @Test("an orientation of another type (LONG), or none, is no orientation", arguments: [false, true])
    func notAShort(littleEndian: Bool) throws {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        let long = e.long(0x0112, 6)
        #expect(try ExifBlock(payload: Self.payload(long, littleEndian: littleEndian), hidingMakerNoteAt: nil).orientation == nil)
        #expect(try ExifBlock(payload: Self.payload(nil, littleEndian: littleEndian), hidingMakerNoteAt: nil).orientation == nil)
    }
}
