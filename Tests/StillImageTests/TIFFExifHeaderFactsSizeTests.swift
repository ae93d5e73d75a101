import Testing
import TestSupport
@testable import StillImage

/// What `scan` reads of a HEIC's Exif item (`TIFFExif.headerFacts`): the identifier, the
/// orientation and the capture date, never a size. Width and height stay 0 ("no size"), even
/// when the Exif IFD states pixel dimensions: those describe what a writer said, not the image.
@Suite("TIFF EXIF header facts: identifier read, no size")
struct TIFFExifHeaderFactsSizeTests {
    static let identifier = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"

    @Test("an EXIF stating 640x480 pixels: the identifier is read, width and height are 0", arguments: [(640, 480), (1, 1), (4032, 3024)])
    func noSizeFromTheExif(width: Int, height: Int) throws {
        let tiff = try TIFFExif.minimal(identifier: Self.identifier, width: width, height: height)
        let facts = try TIFFExif.headerFacts(tiff: tiff, tiffOffset: 0, path: "meta/item[1]/Exif")
        #expect(facts.contentIdentifier == Self.identifier && facts.identifierUnread == nil, "\(facts)")
        #expect(facts.width == 0 && facts.height == 0, "\(facts)")
    }
}
