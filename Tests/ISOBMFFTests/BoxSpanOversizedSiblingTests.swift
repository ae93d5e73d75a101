import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// `BoxSpan.child(_:)` steps over siblings by their sizes; a sibling whose 64-bit size runs past
/// the container (any high word, its top bit included) ends the walk with nil, as the
/// validation refuses that tree: no box is found behind a size that does not fit.
@Suite("box spans: a sibling whose 64-bit size runs past the container ends child lookup")
struct BoxSpanOversizedSiblingTests {
    @Test("a free box of largesize 2^63 + 16, then skip: child(skip) is nil, validation refuses", arguments: [UInt32(0x8000_0000), 1, 0xFFFF_FFFF])
    func oversizedSiblingEndsTheWalk(highWord: UInt32) throws {
        var w = ByteWriter()
        w.u32(1); w.fourCC("free"); w.u32(highWord); w.u32(16)
        let bytes = Support.box("moov", w.bytes + Support.box("skip", [1, 2]))
        let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
        #expect(root.child("skip")?.type == nil)
        #expect(throws: ParseError.self) { try root.validateTree() }
    }

    @Test("the same sibling with a high word of 0 (16 bytes): child(skip) is found past it")
    func fittingSiblingIsSteppedOver() throws {
        var w = ByteWriter()
        w.u32(1); w.fourCC("free"); w.u32(0); w.u32(16)
        let bytes = Support.box("moov", w.bytes + Support.box("skip", [1, 2]))
        let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
        #expect(try root.child("skip").map { try $0.atom().payload } == [1, 2])
    }
}
