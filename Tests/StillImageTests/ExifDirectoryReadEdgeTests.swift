import BinaryIO
@testable import StillImage
import Testing

/// Edges of reading the TIFF directories of an EXIF block (`ExifTIFF`): the Interop IFD behind
/// the Exif IFD, an IFD pointer of 256 or more in either byte order, a next-IFD field that is
/// exactly the block's last 4 bytes (it belongs to the IFD's range) or is cut short (no next
/// IFD, and nothing damaged), and a one-byte thumbnail.
@Suite("EXIF directories: Interop IFD, pointers past 255, the last next-IFD field, a 1-byte thumbnail")
struct ExifDirectoryReadEdgeTests {
    static func u16(_ v: UInt16, _ le: Bool) -> [UInt8] { le ? [UInt8(v & 0xFF), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func u32(_ v: UInt32, _ le: Bool) -> [UInt8] {
        le ? u16(UInt16(v & 0xFFFF), le) + u16(UInt16(v >> 16), le) : u16(UInt16(v >> 16), le) + u16(UInt16(v & 0xFFFF), le)
    }
    /// One 12-byte entry with a 4-byte field.
    static func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ field: [UInt8], _ le: Bool) -> [UInt8] {
        u16(tag, le) + u16(type, le) + u32(count, le) + field
    }
    static func header(_ le: Bool) -> [UInt8] { (le ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42, le) + u32(8, le) }

    @Test("an Interop IFD behind the Exif IFD's 0xA005 pointer is read and recorded")
    func interopIFDIsRead() throws {
        var b = Self.header(true)
        b += Self.u16(1, true) + Self.entry(0x8769, 4, 1, Self.u32(26, true), true) + Self.u32(0, true)   // IFD0, 8..<26
        b += Self.u16(1, true) + Self.entry(0xA005, 4, 1, Self.u32(44, true), true) + Self.u32(0, true)   // Exif IFD, 26..<44
        b += Self.u16(1, true) + Self.entry(0x0001, 2, 4, Array("R98".utf8) + [0], true) + Self.u32(0, true)   // Interop, 44..<62
        let tiff = try ExifTIFF(tiff: b, tiffOffset: 0, path: "Exif")
        #expect(tiff.directories[.interop]?.map(\.tag) == [0x0001])
        #expect(tiff.directoryRanges[.interop] == 44..<62)
        #expect(tiff.ascii(0x0001, in: .interop) == "R98")
        #expect(tiff.damaged.isEmpty)
    }

    /// The Exif IFD at 0x0102 (258): the pointer's second and third bytes both count, in the
    /// block's byte order (the byte after the field is 0, the next-IFD offset).
    @Test("an Exif IFD pointer of 258 is read whole, little- and big-endian", arguments: [true, false])
    func pointerPast255(littleEndian le: Bool) throws {
        var b = Self.header(le)
        b += Self.u16(1, le) + Self.entry(0x8769, 4, 1, Self.u32(0x0102, le), le) + Self.u32(0, le)
        b += [UInt8](repeating: 0, count: 0x0102 - b.count)
        b += Self.u16(1, le) + Self.entry(0x9000, 7, 4, Array("0232".utf8), le) + Self.u32(0, le)
        let tiff = try ExifTIFF(tiff: b, tiffOffset: 0, path: "Exif")
        #expect(tiff.directories[.exif]?.map(\.tag) == [0x9000])
        #expect(tiff.directoryRanges[.exif] == 0x0102..<0x0102 + 18)
    }

    /// Little-endian: header, IFD0 with one inline Make entry ("ab"), then `tail`.
    static func makeOnly(tail: [UInt8]) -> [UInt8] {
        header(true) + u16(1, true) + entry(0x010F, 2, 3, [0x61, 0x62, 0, 0], true) + tail
    }

    @Test("a next-IFD field that is the block's last 4 bytes is read as part of IFD0")
    func lastFourBytesAreTheNextField() throws {
        let tiff = try ExifTIFF(tiff: Self.makeOnly(tail: [0, 0, 0, 0]), tiffOffset: 0, path: "Exif")
        #expect(tiff.directoryRanges[.ifd0] == 8..<26)
        #expect(tiff.directories[.ifd1] == nil && tiff.damaged.isEmpty)
    }

    @Test("a next-IFD field cut to 0...3 bytes: no next IFD, nothing damaged, no warning", arguments: 0...3)
    func cutNextFieldDamagesNothing(left: Int) throws {
        let bytes = Self.makeOnly(tail: Array(repeating: 0, count: left))
        let tiff = try ExifTIFF(tiff: bytes, tiffOffset: 0, path: "Exif")
        #expect(tiff.damaged.isEmpty, "\(left) bytes: \(tiff.damaged)")
        #expect(tiff.directoryRanges[.ifd0] == 8..<22)
        #expect(try TIFFExif.summary(tiff: bytes, tiffOffset: 0, path: "Exif").warnings == [])
    }

    @Test("a thumbnail of one byte is a thumbnail", arguments: [true, false])
    func oneByteThumbnail(littleEndian le: Bool) throws {
        var b = Self.header(le)
        b += Self.u16(0, le) + Self.u32(14, le)                                   // IFD0: no entries, IFD1 at 14
        b += Self.u16(2, le) + Self.entry(0x0201, 3, 1, Self.u16(44, le) + [0, 0], le)
        b += Self.entry(0x0202, 3, 1, Self.u16(1, le) + [0, 0], le) + Self.u32(0, le)
        b += [0xD8]
        let tiff = try ExifTIFF(tiff: b, tiffOffset: 0, path: "Exif")
        #expect(tiff.thumbnail.map(Array.init) == [0xD8])
    }
}
