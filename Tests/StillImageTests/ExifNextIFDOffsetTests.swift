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
