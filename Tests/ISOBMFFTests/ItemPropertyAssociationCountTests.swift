import Testing
import BinaryIO
@testable import ISOBMFF

/// An `ipma` entry is at least its item id (2 bytes in version 0, 4 from version 1) and its
/// association count (1 byte): a count the box cannot hold at that size is refused before any
/// entry is read, and the error says how many bytes that count needs at the version's size.
@Suite("ipma: an entry count the box cannot hold, refused with the bytes it needs")
struct ItemPropertyAssociationCountTests {
    static func iprp(version: UInt8, count: UInt32, entries: Int) throws -> Atom {
        let ispe = HEIFItemBoxTests.fullBox("ispe", version: 0) { w in w.u32(64); w.u32(48) }
        let ipma = HEIFItemBoxTests.fullBox("ipma", version: version) { w in
            w.u32(count)
            for id in 1...entries {
                if version < 1 { w.u16(UInt16(id)) } else { w.u32(0x10000 + UInt32(id)) }
                w.u8(0)
            }
        }
        return try Support.parseAtom(Atom(type: "iprp", children: [Atom(type: "ipco", children: [ispe]), ipma]).serialized())
    }

    @Test("four entries claimed, three of the smallest size present: too large, needing 3 or 5 bytes an entry", arguments: [(UInt8(0), 3), (1, 5)])
    func countPastTheBox(version: UInt8, entrySize: Int) throws {
        let atom = try Self.iprp(version: version, count: 4, entries: 3)
        let error = Support.expectParseError("ipma v\(version)") { _ = try ItemPropertiesBox(atom, path: "iprp") }
        #expect(error?.kind == .tooLarge, "\(String(describing: error))")
        #expect(error?.message == "ipma entry count 4 needs \(4 * entrySize) bytes, only \(3 * entrySize) present", "\(String(describing: error))")
        #expect(error?.path == "iprp/ipma")
    }
}
