import Testing
import BinaryIO
@testable import ISOBMFF

/// `ipma` flag bit 0 makes every property index 16 bits (15 bits of index and the essential
/// bit), for images with more than 127 properties: each entry reads as wide as its flags say,
/// so the next entry starts where it should.
@Suite("ipma with flags 1: 16-bit property indexes")
struct WideItemPropertyIndexTests {
    @Test("two items with 16-bit indexes, the essential bit dropped; indexes past 127 kept whole")
    func wideIndexes() throws {
        let ispe = HEIFItemBoxTests.fullBox("ispe", version: 0) { w in w.u32(64); w.u32(48) }
        let colr = Atom(type: "colr", payload: Array("nclx".utf8) + [0, 1, 0, 1, 0, 1, 0x80])
        let irot = Atom(type: "irot", payload: [1])
        let ipma = HEIFItemBoxTests.fullBox("ipma", version: 0, flags: 1) { w in
            w.u32(2)
            w.u16(1); w.u8(2); w.u16(0x8001); w.u16(0x0003)     // item 1: ispe (essential), irot
            w.u16(2); w.u8(2); w.u16(0x0002); w.u16(0x0100)     // item 2: colr, index 256 (none such)
        }
        let iprp = Atom(type: "iprp", children: [Atom(type: "ipco", children: [ispe, colr, irot]), ipma])
        let box = try ItemPropertiesBox(try Support.parseAtom(iprp.serialized()), path: "iprp")
        #expect(box.associations == [1: [1, 3], 2: [2, 256]])
        #expect(box.properties(of: 1).map(\.type) == ["ispe", "irot"])
        #expect(box.properties(of: 2).map(\.type) == ["colr"])
    }
}
