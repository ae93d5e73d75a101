import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// What libexif 0.6.24 does with an Apple MakerNote, and proof that our configuration avoids it.
@Suite("libexif MakerNote handling")
struct LibexifMakerNoteTests {
    static func exifPayload(_ path: String) throws -> (payload: [UInt8], offset: UInt64) {
        let s = try FileSource(path: path)
        let exif = try #require(try JPEGStructure.read(s).exifSegment)
        return (try s.read(at: exif.payloadOffset, count: exif.payloadLength), exif.payloadOffset)
    }

    /// The trap: libexif recognises "Apple iOS" on load, and with DONT_CHANGE_MAKER_NOTE unset
    /// its save path (exif_data_save_data_entry) replaces the entry with its own MakerNote
    /// serialization. It has no Apple save method, so the MakerNote comes out empty.
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func libexifDefaultEmptiesAnAppleMakerNote() throws {
        let (payload, offset) = try Self.exifPayload(TestFiles.fixture("still-apple-makernote.jpg"))
        let original = try #require(try ExifTIFF(payload: payload, payloadOffset: offset).makerNote())
        #expect(original.bytes.count > 100)

        let defaultBlock = try ExifBlock(payload: payload, hidingMakerNoteAt: nil, libexifRewritesMakerNote: true)
        #expect(defaultBlock.makerNoteBytes == original.bytes, "libexif loaded the bytes")
        let saved = try ExifTIFF(payload: defaultBlock.savedPayload())
        let savedNote = try saved.makerNote()
        #expect(savedNote == nil || savedNote!.bytes.isEmpty, "libexif's default save empties the Apple MakerNote")
    }

    /// Ours: DONT_CHANGE_MAKER_NOTE set and the MakerNote zeroed before libexif sees it; the
    /// bytes we set are the bytes saved, checked by reading the saved TIFF with our own reader.
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func ourConfigurationSavesTheMakerNoteAsGiven() throws {
        let (payload, offset) = try Self.exifPayload(TestFiles.fixture("still-apple-makernote.jpg"))
        let original = try #require(try ExifTIFF(payload: payload, payloadOffset: offset).makerNote())
        let block = try ExifBlock(payload: payload, hidingMakerNoteAt: original.payloadRange)
        #expect(block.makerNoteBytes == [UInt8](repeating: 0, count: original.bytes.count), "libexif only sees zeros")
        #expect(block.make == "Apple" && block.model == "iPhone 8")

        var note = try AppleMakerNote.parse(original.bytes)
        note.setContentIdentifier("NEW")
        try block.setMakerNote(note.serialized())
        let saved = try ExifTIFF(payload: block.savedPayload())
        let savedNote = try #require(try saved.makerNote())
        #expect(savedNote.bytes == note.serialized())
        #expect(try AppleMakerNote.parse(savedNote.bytes).contentIdentifier == "NEW")
        #expect(saved.entry(0x927C, in: .exif)?.type == 7)
    }

    /// Even without hiding, DONT_CHANGE_MAKER_NOTE alone keeps libexif from re-serializing.
    @Test(.requires(.corpusFile("iphone-jpeg/iphone6.jpg")))
    func dontChangeMakerNoteAloneKeepsTheBytes() throws {
        let (payload, offset) = try Self.exifPayload(TestFiles.corpusFile("iphone-jpeg/iphone6.jpg"))
        let original = try #require(try ExifTIFF(payload: payload, payloadOffset: offset).makerNote())
        let block = try ExifBlock(payload: payload, hidingMakerNoteAt: nil, libexifRewritesMakerNote: false)
        let saved = try ExifTIFF(payload: block.savedPayload())
        #expect(try saved.makerNote()?.bytes == original.bytes)
    }

    /// The preservation check stops a save whose MakerNote is not the one given.
    @Test(.enabled(if: TestFiles.hasFixture("still-apple-makernote.jpg")))
    func preservationCheckCatchesAnEmptiedMakerNote() throws {
        let (payload, offset) = try Self.exifPayload(TestFiles.fixture("still-apple-makernote.jpg"))
        let original = try ExifTIFF(payload: payload, payloadOffset: offset)
        let block = try ExifBlock(payload: payload, hidingMakerNoteAt: nil, libexifRewritesMakerNote: true)
        let saved = try ExifTIFF(payload: block.savedPayload())
        let expected = try #require(try original.makerNote()).bytes
        #expect {
            try ExifPreservationCheck.verify(original: original, saved: saved, makerNote: expected)
        } throws: { ($0 as? ParseError)?.path == "APP1/Exif/MakerNote" }
    }
}
