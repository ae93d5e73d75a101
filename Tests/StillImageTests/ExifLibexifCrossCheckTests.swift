import BinaryIO
import Testing
@testable import StillImage

/// After the byte-preserving patch, libexif (the independent reader) must read the new block as
/// it read the old one: Make, Model, Orientation, and the MakerNote at its new size, unless
/// libexif did not load the old MakerNote either. A difference refuses the rewrite; a MakerNote
/// libexif cannot load before or after is no difference.
@Suite("EXIF rewrite: libexif's cross-check of the patched block")
struct ExifLibexifCrossCheckTests {
    static let facts = RequiredExifTags.ImageFacts(width: 8, height: 8, components: 3, resolution: nil, hasICCProfile: false)

    static func rewrite(_ tiff: [UInt8], identifier: String) throws -> [UInt8] {
        try ExifIdentifierRewrite.rewrite(tiff: tiff, tiffOffset: 0, path: "Exif", identifier: identifier, replaceForeignMakerNote: true, facts: { facts })
    }

    /// IFD0 alone (26 bytes of TIFF), its Make (6 ASCII bytes) pointing at `offset`.
    static func ifd0(makeAt offset: Int) -> [UInt8] {
        var e = SyntheticEXIF()
        e.ifd0 = [SyntheticEXIF.Entry(tag: 0x010F, type: 2, count: 6, value: [], rawField: e.u32(UInt32(offset)))]
        return Array(e.payload.dropFirst(ExifTIFF.exifHeaderLength))
    }

    /// The Make points past the old block's end, where the patch puts the new Exif IFD's
    /// ExifVersion "0231" (not the MakerNote, which libexif is shown as zeros): libexif drops
    /// it before and reads a Make after.
    @Test("a Make lying past the end of the old block, inside the new one: refused as read differently by libexif")
    func makePastTheOldEndIsRefused() throws {
        let identifier = "C0FFEE00-1234-4ABC-8DEF-0123456789AB"
        let note = AppleMakerNote.minimal(contentIdentifier: identifier).serialized()
        let probe = try ExifMakerNotePatch.apply(note: note, to: ExifTIFF(tiff: Self.ifd0(makeAt: 26), tiffOffset: 0, path: "Exif"),
                                                 exifIFDFields: RequiredExifTags.exifIFD(Self.facts, bigEndian: true))
        let at = try #require(probe.tiff.firstRange(of: Array("0231".utf8))?.lowerBound)
        let tiff = Self.ifd0(makeAt: at)
        try #require(tiff.count == 26 && at > tiff.count && !probe.makerNoteRange.contains(at))
        #expect(try ExifBlock(payload: JPEGSegment.exifHeader + tiff, hidingMakerNoteAt: nil).make == nil, "libexif drops the old Make")
        let error = #expect(throws: ParseError.self) { try Self.rewrite(tiff, identifier: identifier) }
        #expect(error?.message == "libexif reads the new EXIF differently from the old; nothing was written", "\(String(describing: error))")
    }

    /// A foreign MakerNote stored as type 13 (IFD, 4 bytes each: our reader sizes it, libexif
    /// does not) exactly as long as the Apple note replacing it: replaced in place, it keeps its
    /// type, so libexif loads it neither before nor after, and that is no difference.
    @Test("a MakerNote libexif cannot load, before or after: the rewrite goes through")
    func noteLibexifNeverLoadsIsNoDifference() throws {
        let identifier = "C0FFEE00-1234-4ABC-8DEF-0123456789A"
        let length = AppleMakerNote.minimal(contentIdentifier: identifier).serialized().count
        try #require(length % 4 == 0)
        let old = Array("Nikon\0".utf8) + [UInt8](repeating: 0x42, count: length - 6)
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "NIKON CORPORATION")]
        e.exif = [e.ascii(0x9003, "2024:05:06 07:08:09"), SyntheticEXIF.Entry(tag: 0x927C, type: 13, count: UInt32(length / 4), value: old)]
        let tiff = Array(e.payload.dropFirst(ExifTIFF.exifHeaderLength))
        let note = try #require(try ExifTIFF(tiff: tiff, tiffOffset: 0, path: "Exif").makerNote())
        try #require(note.bytes == old)
        #expect(try ExifBlock(payload: JPEGSegment.exifHeader + tiff, hidingMakerNoteAt: nil).makerNoteBytes == nil, "libexif cannot size type 13")

        let patched = try Self.rewrite(tiff, identifier: identifier)
        #expect(patched.count == tiff.count, "replaced in place")
        let after = try ExifTIFF(tiff: patched, tiffOffset: 0, path: "Exif")
        #expect(after.makerNoteEntry?.type == 13)
        #expect(try ExifBlock(payload: JPEGSegment.exifHeader + patched, hidingMakerNoteAt: nil).makerNoteBytes == nil, "nor after")
        #expect(try TIFFExif.contentIdentifier(tiff: patched, tiffOffset: 0, path: "Exif") == identifier)
    }
}
