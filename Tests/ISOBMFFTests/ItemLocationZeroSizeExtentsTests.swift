import Testing
import BinaryIO
@testable import ISOBMFF

/// With every extent field 0 bytes wide, extents hold nothing and cannot be told apart: one
/// such extent (the item's data is empty or elsewhere) is read, two or more are refused as
/// meaningless, naming the item, at the item's offset.
@Suite("iloc: extents of 0-byte fields, one read and two refused")
struct ItemLocationZeroSizeExtentsTests {
    static func iloc(extents: UInt16) -> Atom {
        HEIFItemBoxTests.fullBox("iloc", version: 0) { w in
            w.u8(0); w.u8(0)                                  // offset, length, base offset: 0 bytes
            w.u16(1)                                          // one item
            w.u16(1); w.u16(0); w.u16(extents)                // id 1, data reference 0
        }
    }

    @Test("one zero-size extent: the item with one extent of offset 0, length 0")
    func oneExtentRead() throws {
        let box = try ItemLocationBox(Self.iloc(extents: 1), path: "iloc")
        #expect(box.items.map(\.itemID) == [1])
        #expect(box.items.first?.extents == [.init(offset: 0, length: 0)])
    }

    @Test("two zero-size extents: refused, invalidValue, at the item", arguments: [UInt16(2), 3])
    func twoExtentsRefused(_ extents: UInt16) throws {
        let error = Support.expectParseError("\(extents) zero-size extents") { _ = try ItemLocationBox(Self.iloc(extents: extents), path: "iloc") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message == "item 1 has \(extents) extents but every extent field is 0 bytes")
        #expect(error?.path == "iloc")
        // The atom's header (8) + version/flags, field sizes and item count (8).
        #expect(error?.offset == 16)
    }
}
