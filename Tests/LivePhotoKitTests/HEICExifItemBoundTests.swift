import Foundation
import Testing
import BinaryIO
import ISOBMFF
@testable import LivePhotoKit

/// A HEIC's `Exif` item is read whole, up to 1 MiB: an item of exactly the bound is read (its
/// TIFF after the header), one byte more is refused unread.
struct HEICExifItemBoundTests {
    @Test func exactlyTheBoundIsRead() throws {
        let dir = try TempDir()
        let file = try HEIFFile.open(path: HEICPairTests.heicFixture)
        let exif = try #require(try HEICStill(file: file).exifPayload())
        let item = exif.header + exif.tiff
        let bound = HEICStill.maximumExifItemSize
        var relayout = HEIFRelayout()
        relayout.exifReplacement = item + [UInt8](repeating: 0, count: bound - item.count)
        let at = try HEICStill(path: try dir.write("at.heic", try relayout.build(from: file))).exifPayload()
        #expect(at?.header == exif.header && at?.tiff.count == bound - exif.header.count)
        relayout.exifReplacement = item + [UInt8](repeating: 0, count: bound - item.count + 1)
        let over = try dir.write("over.heic", try relayout.build(from: file))
        let e = #expect(throws: ParseError.self) { _ = try HEICStill(path: over).exifPayload() }
        #expect(e?.kind == .tooLarge && e?.message == "item \(exif.itemID) holds \(bound + 1) bytes, more than the \(bound) read for it", "\(String(describing: e))")
    }
}
