import Testing
import BinaryIO
@testable import ISOBMFF

/// A box whose type is four zero bytes is a QuickTime terminator only when it is the 4-byte
/// zero word that ends a container; a whole box of type 0 with a payload is bytes to carry,
/// read from a span exactly as the tree's parse reads it.
@Suite("box spans: a box of type 0 with a payload is not a terminator")
struct BoxSpanZeroTypeTests {
    @Test("a span's atom equals the parsed child: the type-0 box keeps its payload, the terminator stays a terminator")
    func zeroTypeBoxKeepsItsPayload() throws {
        var w = ByteWriter(capacity: 64)
        w.u32(8 + 12 + 8 + 4); w.append(Array("udta".utf8))
        w.u32(12); w.u32(0); w.append([1, 2, 3, 4])          // a box of type 0, 4 bytes of payload
        w.u32(8); w.append(Array("free".utf8))
        w.u32(0)                                             // the QuickTime terminator
        let bytes = w.bytes
        let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
        var children: [Atom] = []
        try root.forEachChild { children.append(try $0.atom()); return true }
        let parsed = try #require(try root.atom().children)
        #expect(children.count == 3 && parsed.count == 3)
        #expect(!children[0].isTerminator && children[0].type.rawValue == 0 && children[0].payload == [1, 2, 3, 4])
        #expect(children[2].isTerminator)
        #expect(zip(children, parsed).allSatisfy { $0.serialized() == $1.serialized() }, "the spans read as the parse does")
    }
}
