import Testing
import BinaryIO
@testable import ISOBMFF

/// The QuickTime zero terminator ending a container is a 4-byte word, not a box: as a span it
/// is a leaf of type 0 with no fixed fields and no payload, exactly as the parsed tree keeps it.
@Suite("box spans: a container's zero terminator has no fixed fields")
struct BoxSpanTerminatorFieldsTests {
    /// `udta { free(8), 0x00000000 }`.
    static let bytes: [UInt8] = Support.u32(8 + 8 + 4) + Array("udta".utf8) + Support.u32(8) + Array("free".utf8) + Support.u32(0)

    @Test("the terminator, looked up by type or walked to: prefix length 0, not a container, an empty payload at offset 16")
    func terminatorSpanFields() throws {
        let root = try BoxSpan.root(ByteReader(Self.bytes), limit: UInt64(Self.bytes.count))
        let byType = try #require(root.child(FourCC(0)))
        var walked: [BoxSpan] = []
        try root.forEachChild { walked.append($0); return true }
        let last = try #require(walked.last)
        #expect(walked.count == 2)
        for terminator in [byType, last] {
            #expect(terminator.prefixLength == 0)
            #expect(!terminator.isContainer)
            #expect(terminator.originalOffset == 16)
            #expect(terminator.payloadReader(path: "udta").remaining == 0)
            #expect(terminator.fixedFieldsReader(path: "udta").remaining == 0)
            let atom = try terminator.atom()
            #expect(atom.isTerminator && atom.payload.isEmpty)
        }
        let parsed = try #require(try root.atom().children?.last)
        #expect(parsed.isTerminator && parsed.serialized() == [0, 0, 0, 0])
    }
}
