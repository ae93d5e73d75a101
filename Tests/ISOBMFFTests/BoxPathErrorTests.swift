import Testing
import BinaryIO
@testable import ISOBMFF

/// The tree parser builds a box's path only when it throws: the path in the error must still
/// name the exact box, with sibling indexes where types repeat, and its offset.
@Suite("Box paths in parse errors")
struct BoxPathErrorTests {
    private static func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] { Support.box(type, payload) }

    /// A `trak` holding `inner` inside `mdia`, after a first, well-formed `trak`.
    static func moov(secondTrackMdia inner: [UInt8]) -> [UInt8] {
        Self.box("moov", Self.box("trak", Self.box("tkhd", [0, 0, 0, 0])) + Self.box("trak", Self.box("mdia", inner)))
    }

    @Test("a box running past its container is named with its parent's sibling index and its own offset")
    func runsPastContainer() throws {
        // An `hdlr` that claims 64 bytes inside a 20-byte `mdia` payload.
        var hdlr = Self.box("hdlr", [UInt8](repeating: 0, count: 12))
        Support.putU32(64, at: 0, in: &hdlr)
        let bytes = Self.moov(secondTrackMdia: hdlr)
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(bytes, baseOffset: 100) }
        #expect(error.path == "moov/trak[2]/mdia/hdlr")
        #expect(error.kind == ParseError.Kind.tooLarge)
        // moov(8) + trak 1 (8 + 12) + trak 2 header (8) + mdia header (8) = 44.
        #expect(error.offset == 100 + 44)
    }

    @Test("stray bytes after the last child name the container holding them")
    func strayBytes() throws {
        let bytes = Self.moov(secondTrackMdia: Self.box("hdlr", [0, 0, 0, 0]) + [1, 2, 3])
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(bytes) }
        #expect(error.path == "moov/trak[2]/mdia")
        #expect(error.message == "3 stray bytes where a box header should be")
        #expect(error.offset == 44 + 12)
    }

    @Test("repeated types get an index in the path of the box that fails")
    func repeatedSiblings() throws {
        var bad = Self.box("hdlr", [])
        Support.putU32(4, at: 0, in: &bad)   // smaller than its own header
        let bytes = Self.moov(secondTrackMdia: Self.box("hdlr", []) + bad)
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(bytes) }
        #expect(error.path == "moov/trak[2]/mdia/hdlr[2]")
        #expect(error.kind == ParseError.Kind.invalidValue)
    }

    @Test("nesting past the bound names the box at the limit")
    func tooDeep() throws {
        var bytes = Self.box("free", [])
        for _ in 0...AtomParser.maximumDepth { bytes = Self.box("trak", bytes) }
        let error = try #require(throws: ParseError.self) { _ = try Support.parseAtom(bytes) }
        #expect(error.kind == ParseError.Kind.tooDeep)
        #expect(error.path == Array(repeating: "trak", count: AtomParser.maximumDepth + 1).joined(separator: "/"))
    }

    @Test("a damaged optional container keeps its bytes, with the reason naming the damaged child")
    func damagedOptionalContainer() throws {
        var bad = Self.box("free", [])
        Support.putU32(99, at: 0, in: &bad)
        let udta = Self.box("udta", bad)
        let moov = try Support.parseAtom(Self.box("moov", Self.box("trak", []) + Self.box("trak", udta)))
        let kept = try #require(moov.children?[1].child("udta"))
        #expect(kept.isContainer == false)
        #expect(kept.payload == bad)
        #expect(kept.unparsedReason?.contains("moov/trak[2]/udta/free") == true)
    }
}
