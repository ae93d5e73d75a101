import Testing
import BinaryIO
@testable import ISOBMFF

/// An `iref` reference's count of target ids is checked against the bytes left before any is
/// read, at the id's real width: 2 bytes in version 0, 4 in version 1. A count one id too
/// large is refused as too large, naming the bytes it needs.
@Suite("iref: a reference's id count is bounded by its ids' width")
struct ItemReferenceIDCountBoundTests {
    /// `iref` of `version` holding one `dimg` from item 49 whose count says 3, with `idBytes` bytes of ids.
    static func iref(version: UInt8, idBytes: Int) -> Atom {
        let fromID: [UInt8] = version == 0 ? [0, 49] : Support.u32(49)
        let ids = (0..<idBytes).map { UInt8($0 % 2) }
        return Atom(type: "iref", payload: [version, 0, 0, 0] + Support.box("dimg", fromID + [0, 3] + ids))
    }

    @Test("version 1: count 3 with 9 bytes of ids needs 12; version 0: count 3 with 5 bytes needs 6")
    func countPastTheIDs() {
        for (version, present, needed) in [(UInt8(1), 9, 12), (0, 5, 6)] {
            let error = Support.expectParseError("iref v\(version)") { _ = try ItemReferenceBox(Self.iref(version: version, idBytes: present), path: "iref") }
            #expect(error?.kind == .tooLarge)
            #expect(error?.message == "reference count 3 needs \(needed) bytes, only \(present) present")
        }
    }

    @Test("version 1: count 3 with exactly 12 bytes of ids reads the three")
    func exactIDs() throws {
        var ids = ByteWriter(); ids.u32(1); ids.u32(2); ids.u32(0x1_0003)
        let atom = Atom(type: "iref", payload: [1, 0, 0, 0] + Support.box("dimg", Support.u32(49) + [0, 3] + ids.bytes))
        let box = try ItemReferenceBox(atom, path: "iref")
        #expect(box.references == [.init(type: "dimg", fromItemID: 49, toItemIDs: [1, 2, 0x1_0003])])
    }
}
