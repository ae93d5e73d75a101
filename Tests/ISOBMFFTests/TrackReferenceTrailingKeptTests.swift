import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A `tref` reference keeps the bytes after its last whole id, so the box writes back byte for
/// byte.
@Suite("tref: bytes after the last whole id are kept")
struct TrackReferenceTrailingKeptTests {
    @Test("cdsc of id 1 and one more byte: ids [1], trailing [0xEE], written back unchanged")
    func trailingKept() throws {
        let bytes = Support.box("tref", Support.box("cdsc", Support.u32(1) + [0xEE]))
        let tref = try TrackReference(try Support.parseAtom(bytes), path: "tref")
        #expect(tref.references.count == 1)
        #expect(tref.references.first?.trackIDs == [1] && tref.references.first?.trailing == [0xEE])
        #expect(tref.atom().serialized() == bytes)
    }
}
