import Testing
@testable import StillImage

/// Some writers end the EXIF data right after IFD0's entries, with the 4-byte next-IFD offset
/// missing or cut short. The reader is lenient there (there is no next IFD); it must not refuse
/// a still for it.
@Suite("EXIF: a next-IFD offset cut short at the end of the data")
struct ExifNextIFDOffsetTests {
    /// Little-endian TIFF: header, IFD0 with one inline Make entry ("ab"), then `tail` bytes.
    static func tiff(tail: [UInt8]) -> [UInt8] {
        var b: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        b += [1, 0]                                        // one entry
        b += [0x0F, 0x01, 2, 0, 3, 0, 0, 0, 0x61, 0x62, 0, 0]  // 0x010F Make, ASCII, count 3, "ab\0"
        return b + tail
    }

    @Test("0 to 3 bytes left after IFD0's entries read as no next IFD", arguments: 0...3)
    func shortTail(left: Int) throws {
        let tiff = try ExifTIFF(tiff: Self.tiff(tail: Array(repeating: 0xFF, count: left)), tiffOffset: 0, path: "Exif")
        #expect(tiff.directories[.ifd0]?.map(\.tag) == [0x010F])
        #expect(tiff.directories[.ifd1] == nil, "no IFD1 is read from \(left) stray bytes")
    }

    @Test("a whole next-IFD offset of 0 ends the chain")
    func wholeZeroOffset() throws {
        let tiff = try ExifTIFF(tiff: Self.tiff(tail: [0, 0, 0, 0]), tiffOffset: 0, path: "Exif")
        #expect(tiff.directories[.ifd0]?.count == 1)
        #expect(tiff.directories[.ifd1] == nil)
    }
}

/// When setting the identifier moves an IFD whose next-IFD field the original block cut off,
/// the moved IFD's field is written as 0 (no next IFD), never a value of our own.
@Suite("EXIF patch: a moved IFD whose next-IFD field was cut off gets 0")
struct ExifPatchNextFieldTests {
    @Test("an Exif IFD ending the block without its next field, given a MakerNote, ends in 0")
    func movedExifIFDNextFieldIsZero() throws {
        var b: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        b += [1, 0, 0x69, 0x87, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0, 0, 0, 0]  // IFD0: Exif pointer to 26, next 0
        b += [1, 0, 0x02, 0xA0, 4, 0, 1, 0, 0, 0, 64, 0, 0, 0]             // Exif IFD: PixelXDimension 64, no next field
        let original = try ExifTIFF(tiff: b, tiffOffset: 0, path: "Exif")
        #expect(original.directoryRanges[.exif] == 26..<40)
        let written = try ExifPatchPropertyTests.rewrite(b)
        let after = try ExifTIFF(tiff: written, tiffOffset: 0, path: "Exif")
        #expect(try TIFFExif.contentIdentifier(tiff: written, tiffOffset: 0, path: "Exif") == ExifPatchPropertyTests.newID)
        let range = try #require(after.directoryRanges[.exif])
        #expect(range.lowerBound != 26, "the Exif IFD grew, so it was moved")
        let entries = Int(written[range.lowerBound]) | Int(written[range.lowerBound + 1]) << 8
        #expect(range.count == 2 + 12 * entries + 4, "the moved IFD has its next field")
        #expect(Array(written[(range.upperBound - 4)..<range.upperBound]) == [0, 0, 0, 0])
    }
}
