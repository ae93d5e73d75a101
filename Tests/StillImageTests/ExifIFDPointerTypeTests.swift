import BinaryIO
@testable import StillImage
import Testing

/// An IFD pointer tag (Exif 0x8769, GPS 0x8825, Interop 0xA005) holds one offset: TIFF type
/// LONG (4) or IFD (13, TIFF's own type for offsets to sub-IFDs), count 1. Either type is
/// followed to its IFD; any other type (a SHORT) is not an offset, and the IFD it would lead to
/// is not read (damaged when reading, an error when editing).
@Suite("EXIF IFD pointers: type LONG or IFD is followed, any other type is not")
struct ExifIFDPointerTypeTests {
    typealias B = ExifDirectoryReadEdgeTests

    /// Little-endian: IFD0 (8..<26) with one Exif pointer entry of `type` and `field`, then the
    /// Exif IFD (26..<44) with ExifVersion "0232".
    static func block(pointerType type: UInt16, field: [UInt8]) -> [UInt8] {
        var b = B.header(true)
        b += B.u16(1, true) + B.entry(0x8769, type, 1, field, true) + B.u32(0, true)
        b += B.u16(1, true) + B.entry(0x9000, 7, 4, Array("0232".utf8), true) + B.u32(0, true)
        return b
    }

    @Test("an Exif pointer of type IFD (13) leads to the Exif IFD, when editing and when reading",
          arguments: [ExifTIFF.Purpose.editing, .reading])
    func ifdTypedPointerIsFollowed(purpose: ExifTIFF.Purpose) throws {
        let tiff = try ExifTIFF(tiff: Self.block(pointerType: 13, field: B.u32(26, true)), tiffOffset: 0, path: "Exif", purpose: purpose)
        #expect(tiff.directories[.exif]?.map(\.tag) == [0x9000])
        #expect(tiff.directoryRanges[.exif] == 26..<44)
        #expect(tiff.damaged.isEmpty)
    }

    @Test("the same pointer as LONG (4) reads the same Exif IFD")
    func longPointerIsFollowed() throws {
        let tiff = try ExifTIFF(tiff: Self.block(pointerType: 4, field: B.u32(26, true)), tiffOffset: 0, path: "Exif")
        #expect(tiff.directories[.exif]?.map(\.tag) == [0x9000])
        #expect(tiff.directoryRanges[.exif] == 26..<44)
    }

    @Test("a SHORT (3) pointer is not an offset: editing refuses it, reading marks the Exif IFD damaged")
    func shortPointerIsRefused() throws {
        let bytes = Self.block(pointerType: 3, field: B.u16(26, true) + [0, 0])
        let error = #expect(throws: ParseError.self) { try ExifTIFF(tiff: bytes, tiffOffset: 0, path: "Exif", purpose: .editing) }
        #expect(error?.message == "IFD pointer tag 0x8769 is not one LONG")
        let read = try ExifTIFF(tiff: bytes, tiffOffset: 0, path: "Exif", purpose: .reading)
        #expect(read.directories[.exif] == nil)
        #expect(read.damaged[.exif]?.message == "IFD pointer tag 0x8769 is not one LONG")
    }
}
