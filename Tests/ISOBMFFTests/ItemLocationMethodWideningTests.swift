import Testing
import BinaryIO
@testable import ISOBMFF

/// A construction method other than file offsets needs version 1 (version 0 has no field for
/// it): widening a version 0 box holding one makes it version 1. A box that is already
/// version 1 keeps its extent index size, so a box that fits is written back byte for byte.
@Suite("iloc widening: construction methods and extent indexes")
struct ItemLocationMethodWideningTests {
    static let idatItem = ItemLocationBox.Item(itemID: 1, constructionMethod: .idatOffset, extents: [.init(offset: 0, length: 5)])

    @Test("version 1 with a 4-byte extent index and an idat item: widening changes nothing")
    func version1KeepsIndexSize() throws {
        var box = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4, indexSize: 4, items: [Self.idatItem])
        #expect(box.fieldsFit)
        let before = try box.atom().serialized()
        box.widenFieldsToFit()
        #expect(box.version == 1 && box.indexSize == 4)
        #expect(try box.atom().serialized() == before)
        #expect(before.count == 8 + 4 + 2 + 2 + 2 + 2 + 2 + 2 + 4 + 4 + 4, "the extent's 4-byte index is written")
    }

    @Test("version 0 with an idat item: does not fit; widening makes it version 1, which reads back with the method")
    func version0BecomesVersion1() throws {
        var box = ItemLocationBox(version: 0, offsetSize: 4, lengthSize: 4, items: [Self.idatItem])
        #expect(!box.fieldsFit)
        box.widenFieldsToFit()
        #expect(box.version == 1 && box.indexSize == 0)
        #expect(box.fieldsFit)
        let reread = try ItemLocationBox(try box.atom(), path: "iloc")
        #expect(reread.version == 1 && reread.items.first?.constructionMethod == .idatOffset)
    }
}
