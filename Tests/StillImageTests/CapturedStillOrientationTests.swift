import Testing
import BinaryIO
@testable import StillImage

/// The Orientation `make` writes into its still is one EXIF defines (1 to 8); any other value
/// it is given is written as 1, the image as stored.
@Suite("captured-still EXIF: Orientation 1 to 8 as given, anything else 1")
struct CapturedStillOrientationTests {
    @Test("IFD0 Orientation for orientations inside and outside 1...8", arguments: [(1, 1), (6, 6), (8, 8), (0, 1), (9, 1), (-3, 1), (Int.max, 1)] as [(Int, UInt32)])
    func orientationWritten(_ given: Int, _ written: UInt32) throws {
        var exif = CapturedStillExif(pixelWidth: 64, pixelHeight: 48)
        exif.orientation = given
        let tiff = try ExifTIFF(payload: try exif.payload())
        let entry = try #require(tiff.entry(0x0112, in: .ifd0))
        #expect(entry.type == TIFFType.short && tiff.scalarLong(entry) == written, "orientation \(given)")
    }
}
