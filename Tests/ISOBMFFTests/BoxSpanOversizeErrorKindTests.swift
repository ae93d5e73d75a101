import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A box whose size runs past what holds it is told apart as the tree parser tells it: at top
/// level the file was cut short (`.truncated`), inside a container the size is wrong for its
/// parent (`.tooLarge`). Box spans must give the same kind as `AtomParser` for the same bytes.
@Suite("box spans: a box longer than its limit is truncated at top level, too large inside")
struct BoxSpanOversizeErrorKindTests {
    @Test("a moov whose size says 100 in a 20-byte buffer: truncated, as the tree parser says")
    func topLevelBoxPastTheEndIsTruncated() throws {
        let bytes = Support.u32(100) + Array("moov".utf8) + [UInt8](repeating: 0, count: 12)
        let error = #expect(throws: ParseError.self) { try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count)) }
        #expect(error?.kind == .truncated)
        let parsed = #expect(throws: ParseError.self) { try Support.parseAtom(bytes) }
        #expect(parsed?.kind == .truncated)
    }

    @Test("a child whose size (64) runs past its 20-byte moov: too large, as the tree parser says")
    func childPastItsContainerIsTooLarge() throws {
        let bytes = Support.box("moov", Support.u32(64) + Array("free".utf8) + [1, 2, 3, 4])
        let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
        let error = #expect(throws: ParseError.self) { try root.validateTree() }
        #expect(error?.kind == .tooLarge)
        let parsed = #expect(throws: ParseError.self) { try Support.parseAtom(bytes) }
        #expect(parsed?.kind == .tooLarge)
    }
}
