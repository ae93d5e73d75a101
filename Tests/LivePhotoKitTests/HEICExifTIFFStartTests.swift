import Testing
import BinaryIO
@testable import LivePhotoKit

/// Where the TIFF starts in a HEIC's `Exif` item: after its 4-byte big-endian offset and the
/// bytes that offset skips. The TIFF must hold at least one byte: an item that is only its
/// offset (and what it skips) is refused, naming the offset and the item's size.
@Suite("HEIC Exif item: the TIFF starts after the offset, and holds a byte at least")
struct HEICExifTIFFStartTests {
    @Test("one byte after the offset (skip 0) or after the skipped bytes (skip 2): the TIFF starts there")
    func oneByteOfTIFF() throws {
        #expect(try HEICStill.tiffStart(in: [0, 0, 0, 0, 0x49], itemID: 7) == 4)
        #expect(try HEICStill.tiffStart(in: [0, 0, 0, 2, 0x45, 0x78, 0x4D], itemID: 7) == 6)
    }

    @Test("nothing after the offset and what it skips: refused", arguments: [0, 2])
    func noTIFF(skip: Int) {
        let bytes: [UInt8] = [0, 0, 0, UInt8(skip)] + [UInt8](repeating: 0x45, count: skip)
        let error = #expect(throws: ParseError.self) { _ = try HEICStill.tiffStart(in: bytes, itemID: 7) }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message == "Exif item TIFF header offset \(skip) lies outside its \(bytes.count) bytes")
        #expect(error?.path == "meta/item[7]/Exif")
    }
}
