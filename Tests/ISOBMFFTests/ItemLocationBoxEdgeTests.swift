import Testing
import BinaryIO
@testable import ISOBMFF

/// The edges of `iloc`'s field sizes: a value fits a 4-byte field up to UInt32.max
/// included, an extent index is read and checked from version 1 on, an item holds up to
/// 0xFFFF extents, and widening grows a 0-byte field that must hold a value (even 1) to 4 bytes.
@Suite("iloc: field-size edges when read, checked and widened")
struct ItemLocationBoxEdgeTests {
    @Test("v1 with a 4-byte extent index: the index is read before the offset and length")
    func version1ReadsTheExtentIndex() throws {
        let atom = HEIFItemBoxTests.fullBox("iloc", version: 1) { w in
            w.u8(0x44); w.u8(0x04); w.u16(1)                 // offset 4, length 4, base 0, index 4; one item
            w.u16(1); w.u16(0); w.u16(0); w.u16(1)           // id 1, method 0, data reference 0, one extent
            w.u32(3); w.u32(100); w.u32(50)                  // index 3, offset 100, length 50
        }
        let box = try ItemLocationBox(atom, path: "iloc")
        #expect(box.indexSize == 4)
        #expect(box.items.map(\.extents) == [[.init(index: 3, offset: 100, length: 50)]])
        #expect(try box.atom().serialized() == atom.serialized())
    }

    @Test("an offset or length of exactly UInt32.max fits a 4-byte field; widening leaves it 4 bytes")
    func largest32BitValueFits() throws {
        var box = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4,
                                  items: [.init(itemID: 1, extents: [.init(offset: UInt64(UInt32.max), length: UInt64(UInt32.max))])])
        #expect(box.fieldsFit)
        box.widenFieldsToFit()
        #expect(box.offsetSize == 4 && box.lengthSize == 4)
        let payload = try box.atom().payload
        #expect(Array(payload.suffix(8)) == [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
    }

    @Test("v1 with a 0-byte index field and an extent index of 7: does not fit, atom() refuses; widening gives a 4-byte index")
    func version1IndexIsChecked() throws {
        var box = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4, indexSize: 0,
                                  items: [.init(itemID: 1, extents: [.init(index: 7, offset: 10, length: 5)])])
        #expect(!box.fieldsFit)
        let error = Support.expectParseError("index 7 in 0 bytes") { _ = try box.atom() }
        #expect(error?.kind == .tooLarge)
        box.widenFieldsToFit()
        #expect(box.version == 1 && box.indexSize == 4)
        #expect(box.fieldsFit)
        let reread = try ItemLocationBox(try box.atom(), path: "iloc")
        #expect(reread.items == box.items)
    }

    @Test("an item of 0xFFFF extents fits; one of 0x10000 does not")
    func extentCountBound() {
        let extent = ItemLocationBox.Extent(offset: 0, length: 0)
        let most = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4,
                                   items: [.init(itemID: 1, extents: Array(repeating: extent, count: 0xFFFF))])
        #expect(most.fieldsFit)
        let over = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4,
                                   items: [.init(itemID: 1, extents: Array(repeating: extent, count: 0x10000))])
        #expect(!over.fieldsFit)
    }

    @Test("a 0-byte offset field holding 1 widens to 4 bytes (not 3, not left 0) and reads back")
    func smallestValueWidensToFourBytes() throws {
        var box = ItemLocationBox(version: 1, offsetSize: 0, lengthSize: 4,
                                  items: [.init(itemID: 1, extents: [.init(offset: 1, length: 5)])])
        #expect(!box.fieldsFit)
        box.widenFieldsToFit()
        #expect(box.offsetSize == 4 && box.lengthSize == 4 && box.baseOffsetSize == 0)
        #expect(box.fieldsFit)
        let reread = try ItemLocationBox(try box.atom(), path: "iloc")
        #expect(reread.items.first?.extents == [.init(offset: 1, length: 5)])
    }
}
