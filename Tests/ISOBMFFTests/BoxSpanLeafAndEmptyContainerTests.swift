import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Spans see a `moov` as the parsed tree does at its edges: a leaf has no fixed fields, a
/// container may be empty, only a 4-byte zero word is a terminator (its atom of type 0), and a
/// sibling smaller than a box header ends a child lookup.
@Suite("box spans: leaves, empty containers, terminators and undersized siblings")
struct BoxSpanLeafAndEmptyContainerTests {
    static func root(_ bytes: [UInt8]) throws -> BoxSpan {
        try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
    }

    @Test("a leaf span, looked up or walked to, has prefix length 0")
    func leafHasNoPrefix() throws {
        let root = try Self.root(Support.box("moov", Support.box("free", [1, 2, 3])))
        let byType = try #require(root.child("free"))
        let walked = try #require(root.children?.first)
        #expect(!byType.isContainer && byType.prefixLength == 0)
        #expect(!walked.isContainer && walked.prefixLength == 0)
    }

    @Test("an empty moov and an empty udta in it read and validate, as the parser reads them")
    func emptyContainers() throws {
        let bytes = Support.box("moov", Support.box("udta", []))
        #expect(try Support.parseAtom(bytes).children?.first?.children?.isEmpty == true)
        let root = try Self.root(bytes)
        try root.validateTree()
        let udta = try #require(root.child("udta"))
        #expect(udta.isContainer && udta.children?.isEmpty == true)
        let empty = try Self.root(Support.box("moov", []))
        try empty.validateTree()
        #expect(empty.isContainer && empty.children?.isEmpty == true)
    }

    @Test("a 4-byte tail that is not all zero is no terminator: validation and the walk throw")
    func nonZeroTailRefused() throws {
        let root = try Self.root(Support.box("udta", Support.box("free", []) + [1, 0, 0, 0]))
        let error = #expect(throws: ParseError.self) { try root.validateTree() }
        #expect(error?.kind == .truncated)
        #expect(throws: ParseError.self) { try root.forEachChild { _ in true } }
    }

    @Test("the terminator span's atom has type 0, as the parsed terminator")
    func terminatorAtomType() throws {
        let bytes = Support.box("udta", Support.box("free", []) + [0, 0, 0, 0])
        let atom = try #require(try Self.root(bytes).child(FourCC(0))).atom()
        let parsed = try #require(try Support.parseAtom(bytes).children?.last)
        #expect(atom.isTerminator && atom.type == FourCC(0) && atom.type == parsed.type)
    }

    @Test("a sibling of size 7 ends the lookup: the box after its 7 bytes is not found")
    func undersizedSiblingEndsLookup() throws {
        let root = try Self.root(Support.box("moov", Support.u32(7) + Array("fre".utf8) + Support.box("skip", [])))
        #expect(root.child("skip") == nil)
    }
}
