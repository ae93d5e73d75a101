import Testing
import BinaryIO
@testable import ISOBMFF

/// Versions 0 and 1 of `iloc` store item ids in 16 bits: an id past 0xFFFF does not fit
/// either, so the box reports that its fields do not fit (and refuses to write) until it is
/// widened to version 2.
@Suite("iloc: an item id past 16 bits does not fit version 1")
struct ItemLocationVersion1ItemIDTests {
    static func box(version: UInt8, id: UInt32) -> ItemLocationBox {
        ItemLocationBox(version: version, offsetSize: 4, lengthSize: 4,
                        items: [.init(itemID: 1, extents: [.init(offset: 10, length: 5)]), .init(itemID: id, extents: [.init(offset: 20, length: 6)])])
    }

    @Test("version 1, id 0x1_0002: fields do not fit, atom() refuses, widening makes it version 2", arguments: [UInt8(0), 1])
    func idPast16Bits(_ version: UInt8) throws {
        var box = Self.box(version: version, id: 0x1_0002)
        try #require(!box.fieldsFit, "version \(version) cannot hold id 0x10002")
        let error = Support.expectParseError("v\(version) iloc with a 32-bit id") { _ = try box.atom() }
        #expect(error?.kind == .tooLarge)
        box.widenFieldsToFit()
        #expect(box.version == 2 && box.fieldsFit)
        #expect(try ItemLocationBox(try box.atom(), path: "iloc").items.map(\.itemID) == [1, 0x1_0002])
    }

    @Test("version 1, id 0xFFFF: fits and writes as version 1")
    func largest16BitID() throws {
        var box = Self.box(version: 1, id: 0xFFFF)
        #expect(box.fieldsFit)
        let before = try box.atom().serialized()
        box.widenFieldsToFit()
        #expect(box.version == 1)
        #expect(try box.atom().serialized() == before)
    }
}
