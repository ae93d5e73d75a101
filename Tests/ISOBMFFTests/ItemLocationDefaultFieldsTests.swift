import Testing
import BinaryIO
@testable import ISOBMFF

/// A new `iloc` made with the defaults is version 1 with 4-byte offsets and lengths, no base
/// offset and no extent index: the form that holds any offset and length of a file below
/// 4 GiB, written as those exact bytes.
@Suite("iloc: a new box's default fields")
struct ItemLocationDefaultFieldsTests {
    @Test("defaults: version 1, offset and length 4 bytes, base offset and index 0; one item of one extent writes 24 bytes")
    func defaults() throws {
        let box = ItemLocationBox(items: [.init(itemID: 1, extents: [.init(offset: 10, length: 5)])])
        #expect(box.version == 1 && box.flags == 0)
        #expect(box.offsetSize == 4 && box.lengthSize == 4 && box.baseOffsetSize == 0 && box.indexSize == 0)
        #expect(box.fieldsFit)
        let payload = try box.atom().payload
        #expect(payload == [1, 0, 0, 0,                 // version 1, flags 0
                            0x44, 0x00,                 // offset 4, length 4; base offset 0, index 0
                            0, 1,                       // one item
                            0, 1, 0, 0, 0, 0,           // id 1, construction method 0, data reference 0
                            0, 1,                       // one extent
                            0, 0, 0, 10, 0, 0, 0, 5])   // offset 10, length 5
        #expect(try ItemLocationBox(try box.atom(), path: "iloc") == box)
    }
}
