import Testing
@testable import ISOBMFF

/// An `infe` of version 2 or 3 always has its four-character item type: an entry whose type was
/// cleared (nil) is written with a type of four zero bytes, so the entry keeps its layout and
/// reads back with the fields after it where they were.
@Suite("infe: a version 2 or 3 entry without a type writes four zero bytes")
struct ItemInfoEntryMissingTypeTests {
    @Test("version 2: id, protection index, type 00 00 00 00, the name's NUL")
    func version2() throws {
        var entry = ItemInfoEntry(itemID: 1, itemType: "Exif")
        entry.itemType = nil
        let payload = entry.atom().payload
        #expect(payload == [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0])
        let reread = try ItemInfoEntry(entry.atom(), path: "infe")
        #expect(reread.itemType?.rawValue == 0 && reread.itemName.isEmpty && reread.nameTerminated)
    }

    @Test("version 3: the 32-bit id, then the same four zero bytes")
    func version3() {
        var entry = ItemInfoEntry(itemID: 0x1_0000, itemType: "Exif", name: "x")
        entry.itemType = nil
        #expect(entry.atom().payload == [3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0x78, 0])
    }
}
