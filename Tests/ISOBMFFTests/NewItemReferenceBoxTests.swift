import Testing
import BinaryIO
@testable import ISOBMFF

/// An `iref` we write from scratch (the one an edit adds, with a `cdsc` reference, to a HEIF
/// that had none) is a FullBox of version 0 and flags 0 with 16-bit item ids, as libheif and
/// Apple write it. Byte for byte.
@Suite("iref: a new box is version 0, flags 0")
struct NewItemReferenceBoxTests {
    @Test("a new iref with one cdsc reference: version 0, flags 0, 16-bit ids")
    func newReferenceBoxBytes() {
        let box = ItemReferenceBox(references: [.init(type: "cdsc", fromItemID: 2, toItemIDs: [1])])
        #expect(box.version == 0 && box.flags == 0)
        #expect(box.atom().payload == [0, 0, 0, 0] + Support.u32(14) + Array("cdsc".utf8) + [0, 2, 0, 1, 0, 1])
    }

    @Test("a new empty iref: four zero bytes")
    func emptyReferenceBox() {
        #expect(ItemReferenceBox().atom().payload == [0, 0, 0, 0])
    }
}
