import Testing
import BinaryIO
@testable import ISOBMFF

/// A `meta` too short to hold an `hdlr` is still told apart as QuickTime or ISO form from its
/// first bytes, and parses: an empty ISO `meta` (version/flags only), a QuickTime `meta` of one
/// empty box, an ISO `meta` of one empty box. A damaged or minimal writer's `meta` is a box to
/// carry, never a crash.
@Suite("meta: a payload too short for hdlr parses in the right form")
struct ShortMetaFormTests {
    @Test("4, 8 and 12-byte meta payloads: prefix and children as their form says")
    func shortMetaPayloads() throws {
        let free = Support.box("free", [])
        let empty = try Support.parseAtom(Support.box("meta", [0, 0, 0, 0]))
        #expect(empty.prefix == [0, 0, 0, 0] && empty.children?.isEmpty == true)

        let quickTime = try Support.parseAtom(Support.box("meta", free))
        #expect(quickTime.prefix.isEmpty && quickTime.children?.map(\.type) == ["free"])

        let iso = try Support.parseAtom(Support.box("meta", [0, 0, 0, 0] + free))
        #expect(iso.prefix == [0, 0, 0, 0] && iso.children?.map(\.type) == ["free"])

        for bytes in [Support.box("meta", [0, 0, 0, 0]), Support.box("meta", free), Support.box("meta", [0, 0, 0, 0] + free)] {
            #expect(try Support.parseAtom(bytes).serialized() == bytes, "written back byte for byte")
        }
    }
}
