import Testing
import BinaryIO
@testable import StillImage

/// A captured still's EXIF made without an orientation says the image is shown as stored
/// (Orientation 1), the EXIF default, not a mirrored one.
@Suite("captured-still EXIF: Orientation 1 unless set")
struct CapturedStillDefaultOrientationTests {
    @Test("a new CapturedStillExif has orientation 1 and writes IFD0 Orientation 1")
    func defaultIsOne() throws {
        let exif = CapturedStillExif(pixelWidth: 64, pixelHeight: 48)
        #expect(exif.orientation == 1)
        let tiff = try ExifTIFF(payload: try exif.payload())
        let entry = try #require(tiff.entry(0x0112, in: .ifd0))
        #expect(entry.type == TIFFType.short && tiff.scalarLong(entry) == 1)
    }
}
