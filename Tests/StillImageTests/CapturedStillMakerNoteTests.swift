import Testing
import BinaryIO
@testable import StillImage

/// `make` writes the Apple MakerNote into its still when the movie already carries an
/// identifier, so `pair` finds the two bound; without one the still has no MakerNote.
@Suite("captured-still EXIF: the MakerNote only with an identifier")
struct CapturedStillMakerNoteTests {
    @Test("with an identifier the Exif IFD holds an Apple MakerNote naming it; without, none")
    func makerNoteFollowsIdentifier() throws {
        let identifier = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        var exif = CapturedStillExif(pixelWidth: 64, pixelHeight: 48)
        #expect(try ExifTIFF(payload: try exif.payload()).makerNoteEntry == nil)

        exif.contentIdentifier = identifier
        let tiff = try ExifTIFF(payload: try exif.payload())
        let entry = try #require(tiff.makerNoteEntry)
        let note = Array(try #require(tiff.valueBytes(entry)))
        #expect(AppleMakerNote.isApple(note))
        #expect(try AppleMakerNote.parse(note).contentIdentifier == identifier)
        // The other tags stay: the pixel size is still there beside the note.
        #expect(tiff.entry(0xA002, in: .exif) != nil && tiff.entry(0xA003, in: .exif) != nil)
    }

    @Test("an identifier a MakerNote cannot hold (empty, not printable ASCII, past 255 bytes) is refused",
          arguments: ["", "caf\u{E9}", "tab\there", String(repeating: "A", count: 256)])
    func malformedIdentifierRefused(_ identifier: String) {
        var exif = CapturedStillExif(pixelWidth: 64, pixelHeight: 48)
        exif.contentIdentifier = identifier
        #expect(throws: (any Error).self) { try exif.payload() }
    }
}
