import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// An `iloc` whose extent offsets take no bytes (offset_size 0) places each item through its
/// base offset. An item appended by an edit is placed the same way: its position in the base
/// offset, its extent at 0, so `iloc` keeps its field sizes. Lives beside `HEIFRelayout`.
@Suite("HEIF edit: an appended item of an iloc without offset fields goes in its base offset")
struct HEIFAppendedItemBaseOffsetTests {
    @Test("offset_size 0, base_offset_size 4: the appended Exif's position is its base offset, its extent offset 0")
    func appendedThroughTheBaseOffset() throws {
        let dir = try TempDir()
        let layout = HEIFRelayout(ilocVersion: 1, offsetSize: 0, lengthSize: 4, baseOffsetSize: 4)
        let input = try dir.write("in.heic", try layout.build(from: HEIFFile.open(path: HEICPairTests.heicFixture)))
        let original = try HEIFFile.open(path: input)
        try #require(original.locations.offsetSize == 0 && original.locations.baseOffsetSize == 4)
        let exifID = try #require(original.exifItemID)
        let data = try original.bytes(of: try #require(original.locations.item(exifID))) + [UInt8](repeating: 0x5A, count: 64)
        let edit = try HEIFItemEdit(file: original, replacing: exifID, newItem: nil, data: data, allowInPlace: false)
        let written = try HEIFMultiItemEditTests.write(edit, to: dir.path("out.heic"))
        #expect(written.locations.offsetSize == 0 && written.locations.baseOffsetSize == 4, "iloc keeps its field sizes")
        let item = try #require(written.locations.item(exifID))
        #expect(item.extents.map(\.offset) == [0])
        #expect(item.baseOffset >= original.metaHeader.end, "the position, after meta")
        #expect(try written.bytes(of: item) == data)
    }
}
