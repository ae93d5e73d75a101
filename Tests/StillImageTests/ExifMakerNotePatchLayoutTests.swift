import Testing
import BinaryIO
@testable import StillImage

/// What the MakerNote patch writes beyond the note itself: an Exif IFD it creates ends its
/// chain (a next-IFD field of 0), and a note of another length it replaces is zeroed except the
/// bytes another entry's value also uses, which stay that entry's.
@Suite("EXIF MakerNote patch: the new Exif IFD's next field; bytes a replaced note shares")
struct ExifMakerNotePatchLayoutTests {
    @Test("no Exif IFD: the Exif IFD the patch creates has a next-IFD field of 0", arguments: [false, true])
    func createdExifIFDEndsTheChain(littleEndian: Bool) throws {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        e.ifd0 = [e.ascii(0x010F, "Apple")]
        let tiff = Array(e.payload.dropFirst(6))
        try #require(try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif").directories[.exif] == nil)
        let written = try ExifPatchPropertyTests.rewrite(tiff)
        let after = try ExifTIFF(tiff: written, tiffOffset: 0, path: "Exif")
        let range = try #require(after.directoryRanges[.exif])
        let entries = try #require(after.directories[.exif]).count
        #expect(range.count == 2 + 12 * entries + 4, "the new Exif IFD has its next field")
        #expect(Array(written[(range.upperBound - 4)..<range.upperBound]) == [0, 0, 0, 0])
    }

    @Test("a foreign note replaced by one of another length: zeroed, but the 8 bytes another entry reads from it stay")
    func sharedBytesOfAReplacedNoteStay() throws {
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "NIKON")]
        let note = Array("Nikon\0".utf8) + (0..<20).map { UInt8(0x40 + $0) }
        // Tag 0xA430 reads 8 bytes at an offset filled in below: inside the note.
        e.exif = [e.undefined(0x927C, note), SyntheticEXIF.Entry(tag: 0xA430, type: 7, count: 8, value: [], rawField: [0, 0, 0, 0])]
        let placed = try ExifTIFF(tiff: Array(e.payload.dropFirst(6)), tiffOffset: 0, path: "Exif")
        guard case .bytes(let noteRange)? = placed.makerNoteEntry?.value else { Issue.record("the note is not located"); return }
        e.exif![1].rawField = e.u32(UInt32(noteRange.lowerBound + 8))
        let tiff = Array(e.payload.dropFirst(6))
        let original = try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif")
        let shared = noteRange.lowerBound + 8 ..< noteRange.lowerBound + 16
        let sharing = try #require(original.entry(0xA430, in: .exif))
        #expect(original.valueBytes(sharing).map(Array.init) == Array(tiff[shared]))

        let written = try ExifPatchPropertyTests.rewrite(tiff)
        let after = try ExifTIFF(tiff: written, tiffOffset: 0, path: "Exif")
        #expect(after.valueBytes(try #require(after.entry(0xA430, in: .exif))).map(Array.init) == Array(tiff[shared]))
        #expect(Array(written[shared]) == Array(tiff[shared]), "the shared bytes are where they were")
        for i in noteRange where !shared.contains(i) { #expect(written[i] == 0, "byte \(i) of the old note") }
        #expect(try TIFFExif.contentIdentifier(tiff: written, tiffOffset: 0, path: "Exif") == ExifPatchPropertyTests.newID)
    }
}
