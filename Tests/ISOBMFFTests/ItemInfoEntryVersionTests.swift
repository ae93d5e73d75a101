import Testing
@testable import ISOBMFF

/// An item we add (the Exif item of a HEIC that had none) is described as Apple and libheif
/// describe theirs: `infe` version 2 with a 16-bit item id; version 3 (a 32-bit id) only for
/// an id that needs it. Byte for byte, since readers parse the id by the version.
@Suite("infe: the version a new item's entry is written with")
struct ItemInfoEntryVersionTests {
    @Test func sixteenBitIdsAreVersion2() {
        let entry = ItemInfoEntry(itemID: 0xFFFF, itemType: "Exif", hidden: true)
        #expect(entry.version == 2)
        #expect(entry.atom().payload == [2, 0, 0, 1, 0xFF, 0xFF, 0, 0] + Array("Exif".utf8) + [0])
    }

    @Test func largerIdsAreVersion3() {
        let entry = ItemInfoEntry(itemID: 0x1_0000, itemType: "Exif")
        #expect(entry.version == 3)
        #expect(entry.atom().payload == [3, 0, 0, 0, 0, 1, 0, 0, 0, 0] + Array("Exif".utf8) + [0])
    }
}
