import Testing
import BinaryIO
import TestSupport
@testable import StillImage

/// When the identifier's MakerNote replaces one of another length, the MakerNote entry keeps
/// its type when that type is one byte per element (BYTE, ASCII, SBYTE, UNDEFINED: the count
/// is the note's length in bytes either way); an entry of a wider type (SHORT, LONG) becomes
/// UNDEFINED, so its count still counts the note's bytes.
@Suite("EXIF patch: the MakerNote entry's type when the note is replaced")
struct MakerNoteEntryTypeTests {
    static let id = "C0FFEE00-1234-4ABC-8DEF-0123456789AB"

    @Test("a foreign note of 20 bytes stored as each type, replaced by the Apple note",
          arguments: [(1, 1), (2, 2), (6, 6), (7, 7), (3, 7), (4, 7)] as [(UInt16, UInt16)])
    func entryTypeAfterReplacing(_ stored: UInt16, _ expected: UInt16) throws {
        let note = Array("Nikon\0".utf8) + [UInt8](repeating: 0x42, count: 14)
        let size = try #require(TIFFType.elementSize(stored))
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "NIKON CORPORATION")]
        e.exif = [e.ascii(0x9003, "2024:05:06 07:08:09"), SyntheticEXIF.Entry(tag: 0x927C, type: stored, count: UInt32(note.count / size), value: note)]
        let tiff = Array(e.payload.dropFirst(ExifTIFF.exifHeaderLength))
        let before = try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif")
        #expect(try before.makerNote()?.bytes == note, "type \(stored): the note reads as stored")

        let patched = try ExifIdentifierRewrite.rewrite(tiff: tiff, tiffOffset: 0, path: "Exif", identifier: Self.id, replaceForeignMakerNote: true,
                                                        facts: { RequiredExifTags.ImageFacts(width: 8, height: 8, components: 3, resolution: nil, hasICCProfile: false) })
        let after = try ExifTIFF(tiff: patched, tiffOffset: 0, path: "Exif")
        let entry = try #require(after.makerNoteEntry)
        let appleNote = try #require(try after.makerNote()?.bytes)
        #expect(entry.type == expected, "type \(stored)")
        #expect(Int(entry.count) == appleNote.count && AppleMakerNote.isApple(appleNote))
        #expect(try TIFFExif.contentIdentifier(tiff: patched, tiffOffset: 0, path: "Exif") == Self.id)
    }
}
