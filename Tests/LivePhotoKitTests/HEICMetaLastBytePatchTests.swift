import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// A tail edit patches `meta` from its first changed byte to its last. With `iloc` last in
/// `meta` and the Exif item last in `iloc`, the grown Exif's length is the very last bytes of
/// `meta`: the patch must reach them, or the item would keep its old length.
@Suite("HEIC tail append: a patch that ends on meta's last byte")
struct HEICMetaLastBytePatchTests {
    @Test func lastByteOfMetaPatched() throws {
        let dir = try TempDir()
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]   // one empty IFD: the MakerNote is added
        let layout = HEIFRelayout(exifReplacement: [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0] + tiff, ilocLast: true)
        let still = try dir.write("IMG.HEIC", try layout.build(from: HEIFFile.open(path: HEICPairTests.heicFixture)))
        let movie = try Support.copy(Support.fixture("movie-moov-last.mov"), to: dir.url, as: "IMG.MOV")
        let before = try HEIFFile.open(path: still)
        #expect(before.meta.children?.last?.type == "iloc" && before.locations.items.last?.itemID == before.exifItemID)
        let oldMeta = try before.source.read(at: before.metaHeader.offset, count: Int(before.metaHeader.size))

        var options = PairOptions()
        options.identifier = .given("11111111-2222-3333-4444-555555555555")
        #expect(try PairOperation.run(still: still, movie: movie, options: options).stillWrite == .tailAppend)
        let after = try HEIFFile.open(path: still)
        let newMeta = try after.source.read(at: after.metaHeader.offset, count: Int(after.metaHeader.size))
        #expect(newMeta.count == oldMeta.count && newMeta.last != oldMeta.last, "the edit changes meta's last byte")
        let exif = try #require(after.locations.items.last)
        #expect(exif.itemID == after.exifItemID && exif.extents.count == 1)
        #expect(try StillReading.contentIdentifier(path: still) == "11111111-2222-3333-4444-555555555555")
        #expect(try Verifier.verify(still: still, movie: movie).valid)
    }
}
