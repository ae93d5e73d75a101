import BinaryIO
@testable import StillImage
import Testing

/// Two details of the EXIF layout the readers and writers agree on with other tools.
@Suite("EXIF layout details: SHORT thumbnail tags, zero padding")
struct ExifLayoutDetailTests {
    /// IFD1 may give the thumbnail's offset and length as SHORTs (TIFF allows SHORT or LONG):
    /// both bytes count, in the file's byte order (here 288 and 261, high bytes not 0).
    @Test(arguments: [true, false])
    func thumbnailTagsAsShorts(littleEndian: Bool) throws {
        func u16(_ v: UInt16) -> [UInt8] { littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
        func u32(_ v: UInt32) -> [UInt8] { littleEndian ? u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) : u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) }
        let (offset, length): (UInt16, UInt16) = (288, 261)
        var tiff: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8)
        tiff += u16(0) + u32(14)                                             // IFD0: no entries, IFD1 at 14
        tiff += u16(2) + u16(0x0201) + u16(3) + u32(1) + u16(offset) + [0, 0]
        tiff += u16(0x0202) + u16(3) + u32(1) + u16(length) + [0, 0] + u32(0)
        tiff += [UInt8](repeating: 0, count: Int(offset) - tiff.count)
        let thumbnail = (0..<Int(length)).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
        tiff += thumbnail
        let parsed = try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif")
        #expect(parsed.thumbnail.map(Array.init) == thumbnail)
    }

    /// A value of odd length is followed by one padding byte, and that byte is 0 (TIFF's word
    /// alignment; readers that checksum EXIF see the same bytes as other writers give).
    @Test func oddValuesArePaddedWithZero() throws {
        let facts = RequiredExifTags.ImageFacts(width: 64, height: 48, components: 3, resolution: nil, hasICCProfile: false)
        let note: [UInt8] = [0x41, 0x42, 0x43, 0x44, 0x45]
        let tiff = Array(MinimalExif.payload(makerNote: note, facts: facts).dropFirst(ExifTIFF.exifHeaderLength))
        let found = try #require(try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif").makerNote())
        #expect(found.bytes == note)
        let end = found.payloadRange.upperBound - ExifTIFF.exifHeaderLength
        #expect(end % 2 == 1 && end < tiff.count && tiff[end] == 0)
    }

    /// A value of up to 4 bytes sits in its entry's field, left-justified, and the rest of the
    /// field is 0 (ResolutionUnit, YCbCrPositioning, ColorSpace: SHORTs in a 4-byte field).
    @Test func shortInlineValuesArePaddedWithZero() throws {
        let facts = RequiredExifTags.ImageFacts(width: 64, height: 48, components: 3, resolution: nil, hasICCProfile: false)
        let tiff = Array(MinimalExif.payload(makerNote: [1, 2, 3, 4, 5, 6], facts: facts).dropFirst(ExifTIFF.exifHeaderLength))
        func u16(_ at: Int) -> Int { Int(tiff[at]) << 8 | Int(tiff[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let typeSizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8]
        var padded = 0
        var ifds = [u32(4)], walked = 0
        while let ifd = ifds.popLast() {
            walked += 1
            for entry in (0..<u16(ifd)).map({ ifd + 2 + 12 * $0 }) {
                let size = try #require(typeSizes[u16(entry + 2)]) * u32(entry + 4)
                if u16(entry) == 0x8769 { ifds.append(u32(entry + 8)) }
                guard size < 4 else { continue }
                #expect(tiff[entry + 8 + size..<entry + 12].allSatisfy { $0 == 0 }, "tag \(u16(entry)): \(Array(tiff[entry + 8..<entry + 12]))")
                padded += 1
            }
        }
        #expect(walked == 2 && padded >= 3, "IFD0 and the Exif IFD walked, the SHORTs among their entries")
    }
}
