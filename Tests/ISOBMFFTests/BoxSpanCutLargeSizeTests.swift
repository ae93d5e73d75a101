import Testing
import BinaryIO
@testable import ISOBMFF

/// `BoxSpan.child` walks sibling headers in place. A 64-bit-size header needs 16 bytes; one
/// cut short by the container's end is not a size to follow: the walk never reads its
/// largesize from the bytes after the container (here the buffer goes on past it).
@Suite("box spans: a 64-bit-size header cut by its container's end is not followed")
struct BoxSpanCutLargeSizeTests {
    /// `moov` whose 15-byte payload is a size-1 `free` header cut one byte short of its
    /// largesize, then one byte after the `moov` that would complete it (largesize 8).
    static let bytes: [UInt8] = Support.u32(8 + 15) + Array("moov".utf8)
        + Support.u32(1) + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0]
        + [8]

    @Test("child lookups past the cut header find nothing: no terminator, no free")
    func cutHeaderEndsTheWalk() throws {
        let root = try BoxSpan.root(ByteReader(Self.bytes), limit: UInt64(Self.bytes.count))
        #expect(root.originalOffset == 0)
        #expect(root.child(FourCC(0)) == nil, "no terminator made of the bytes after the cut header")
        #expect(root.child("free") == nil, "the cut free itself does not read")
        #expect(root.child("mdat") == nil)
    }
}
