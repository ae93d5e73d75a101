import Testing
import BinaryIO
@testable import StillImage

/// A HEIF `Exif` item has no 64 KB limit (a JPEG APP1 has): reading and setting the identifier
/// must not go through libexif's 64 KB loader.
@Suite("EXIF larger than 64 KB (HEIF Exif items)")
struct LargeExifItemTests {
    static func tiff(littleEndian: Bool) -> [UInt8] {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        e.ifd0 = [e.ascii(0x010F, "Apple"), e.ascii(0x0110, "iPhone 15 Plus"), e.short(0x0112, 6)]
        // 80 KB of vendor data, then the Apple MakerNote (without tag 17).
        let note = AppleMakerNote(version: 1, bigEndian: !littleEndian, entries: [.init(tag: 1, type: 9, count: 1, value: [0, 0, 0, 14])]).serialized()
        e.exif = [e.undefined(0xA000, Array("0231".utf8)), e.undefined(0x927C, note), e.undefined(0xEA1C, [UInt8](repeating: 0x5A, count: 80_000))]
        return Array(e.payload.dropFirst(6))
    }

    @Test("read without libexif: Make, Model, Orientation, MakerNote kind", arguments: [false, true])
    func reads(littleEndian: Bool) throws {
        let tiff = Self.tiff(littleEndian: littleEndian)
        #expect(tiff.count > 65_536)
        let summary = try TIFFExif.summary(tiff: tiff, tiffOffset: 0, path: "meta/item[1]/Exif")
        #expect(summary.make == "Apple" && summary.model == "iPhone 15 Plus" && summary.orientation == 6)
        #expect(summary.makerNote == .apple && summary.contentIdentifier == nil)
    }

    /// Orientation is the first SHORT of its entry: none in an entry of count 0 (whatever its
    /// 4-byte field holds), the first of several.
    @Test("Orientation: count 0 is none, count 1 its value, count 2 the first", arguments: [false, true])
    func orientationByCount(littleEndian: Bool) throws {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        for (count, expected) in [(0, nil), (1, 6), (2, 6)] as [(UInt32, Int?)] {
            e.ifd0 = [e.ascii(0x010F, "Apple"), SyntheticEXIF.Entry(tag: 0x0112, type: 3, count: count, value: Array((e.u16(6) + e.u16(8)).prefix(Int(count) * 2)),
                                                                     rawField: count == 0 ? e.u16(6) + e.u16(0) : nil)]
            let summary = try TIFFExif.summary(tiff: Array(e.payload.dropFirst(6)), tiffOffset: 0, path: "Exif")
            #expect(summary.orientation == expected, "count \(count)")
        }
    }

    @Test("the identifier is set, every other byte of the 80 KB entry kept", arguments: [false, true])
    func sets(littleEndian: Bool) throws {
        let tiff = Self.tiff(littleEndian: littleEndian)
        let id = "71DCA213-5710-4A6C-BC6D-CE6306AEB8D8"
        let written = try TIFFExif.settingIdentifier(tiff: tiff, tiffOffset: 0, path: "meta/item[1]/Exif", identifier: id,
                                                     replaceForeignMakerNote: false, width: 4, height: 3)
        #expect(try TIFFExif.contentIdentifier(tiff: written, tiffOffset: 0, path: "x") == id)
        let before = try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "a"), after = try ExifTIFF(tiff: written, tiffOffset: 0, path: "b")
        let big = try #require(before.entry(0xEA1C, in: .exif)), kept = try #require(after.entry(0xEA1C, in: .exif))
        #expect(before.valueBytes(big) == after.valueBytes(kept))
    }
}
