import Testing
import BinaryIO
@testable import ISOBMFF

/// `iloc` versions 1 and 2 have an extent index whose field size (the low 4 bits of the
/// second size byte) must be 0, 4 or 8 like the others; in version 0 those bits are reserved
/// and read as they are.
@Suite("iloc: index_size is checked from version 1 on, reserved in version 0")
struct ItemLocationIndexSizeTests {
    static func iloc(version: UInt8, indexSize: UInt8) -> Atom {
        HEIFItemBoxTests.fullBox("iloc", version: version) { w in
            w.u8(0x44); w.u8(indexSize)                       // offset 4, length 4, base 0, index as given
            if version < 2 { w.u16(0) } else { w.u32(0) }     // no items
        }
    }

    @Test("versions 1 and 2: an index_size of 3 is refused, naming the field", arguments: [UInt8(1), 2])
    func refusedFromVersion1(_ version: UInt8) {
        let error = Support.expectParseError("iloc v\(version) index_size 3") { _ = try ItemLocationBox(Self.iloc(version: version, indexSize: 3), path: "iloc") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message == "iloc index_size 3 is not 0, 4 or 8")
        #expect(error?.path == "iloc")
    }

    @Test("version 0: the same bits are reserved, the box reads and keeps them")
    func reservedInVersion0() throws {
        let box = try ItemLocationBox(Self.iloc(version: 0, indexSize: 3), path: "iloc")
        #expect(box.items.isEmpty && box.indexSize == 3)
        #expect(try box.atom().payload == Self.iloc(version: 0, indexSize: 3).payload)
    }
}
