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

    /// A whole 16-byte largesize header whose largesize (8 to 15) is smaller than the header
    /// itself: not a size to step by (the walk would read a box made of the header's own bytes).
    @Test("a largesize smaller than its 16-byte header ends the walk", arguments: [UInt8(8), 15])
    func largesizeSmallerThanItsHeader(largesize: UInt8) throws {
        let bytes = Support.u32(8 + 16) + Array("moov".utf8) + Support.u32(1) + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, largesize]
        let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
        #expect(root.child(FourCC(UInt32(largesize))) == nil && root.child(FourCC(0)) == nil)
        #expect(root.child("mdat") == nil)
    }
}
