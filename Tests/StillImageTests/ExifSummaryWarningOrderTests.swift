import BinaryIO
import StillImage
import Testing

/// `TIFFExif.summary` passes over a damaged sub-IFD (GPS, Interop, IFD1) with one warning
/// each, in the order of the directories' names (GPS, IFD1, InteropIFD), whatever order the
/// reader recorded them in: the same EXIF gives the same lines every time.
@Suite("EXIF summary: one warning per damaged sub-IFD, in the directories' name order")
struct ExifSummaryWarningOrderTests {
    @Test("GPS and Interop pointers both outside the EXIF, either byte order: GPS warned first, then InteropIFD",
          arguments: [false, true])
    func damagedSubIFDsInNameOrder(littleEndian: Bool) throws {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        // Both pointers name offset 0x0000FF00 (read in either byte order past the block's end).
        e.ifd0 = [e.ascii(0x010F, "Apple"), SyntheticEXIF.Entry(tag: 0x8825, type: 4, count: 1, value: [], rawField: [0, 0xFF, 0, 0])]
        e.exif = [e.undefined(0x9000, Array("0232".utf8)), SyntheticEXIF.Entry(tag: 0xA005, type: 4, count: 1, value: [], rawField: [0, 0xFF, 0, 0])]
        let tiff = Array(e.payload.dropFirst(6))
        let summary = try TIFFExif.summary(tiff: tiff, tiffOffset: 0, path: "Exif")
        #expect(summary.make == "Apple")
        try #require(summary.warnings.count == 2, "\(summary.warnings)")
        #expect(summary.warnings[0].hasPrefix("the EXIF GPS does not parse, passed over: "), "\(summary.warnings)")
        #expect(summary.warnings[1].hasPrefix("the EXIF InteropIFD does not parse, passed over: "), "\(summary.warnings)")
    }
}
