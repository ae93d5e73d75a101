import Testing
import PropertyBased
import BinaryIO
import TestSupport
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
        // Looked up by type: the terminator is the type-0 child only past the type-0 box; a
        // missing type is nil, never the terminator.
        #expect(try root.child(FourCC(0)).map { try $0.atom().payload } == [1, 2, 3, 4])
        #expect(root.child(FourCC(0x6D65_7461)) == nil, "no meta")
        #expect(try root.child(FourCC(0x6672_6565)).map { try $0.atom().type } == FourCC(0x6672_6565))
    }

    @Test("a container ending in a terminator: child(0) is the terminator, a missing type is nil")
    func terminatorByType() throws {
        var w = ByteWriter(capacity: 32)
        w.u32(8 + 8 + 4); w.append(Array("udta".utf8))
        w.u32(8); w.append(Array("free".utf8))
        w.u32(0)
        let bytes = w.bytes
        let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
        let terminator = try #require(root.child(FourCC(0)))
        #expect(try terminator.atom().isTerminator)
        #expect(terminator.originalOffset == 16)
        #expect(root.child(FourCC(0x6D65_7461)) == nil, "no meta: nil, not the terminator")
    }

    @Test("child(type) finds the first child of the type past siblings of any header form: 32-bit, 64-bit (largesize), to the end")
    func childPastLargeSizeSiblings() async {
        // Leaf types only: a container's payload would be parsed as children.
        let typeNames = ["free", "skip", "wide", "abcd", "pnot"]
        let types = typeNames.map { name in FourCC(name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }) }
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 0...4).array(of: 1...6), Gen.nearEnds(in: 0...40).array(of: 6...6), Gen.nearEnds(in: 0...2).array(of: 6...6)) { kinds, payloads, forms in
            await Support.failingOnThrow {
                var w = ByteWriter(capacity: 512)
                var body = ByteWriter(capacity: 512)
                for (i, kind) in kinds.enumerated() {
                    let payload = (0..<payloads[i]).map { UInt8(truncatingIfNeeded: $0 &+ i &* 31) }
                    // The last child may run to the container's end (size 0).
                    let form = forms[i] == 2 && i != kinds.count - 1 ? 0 : forms[i]
                    switch form {
                    case 1: body.u32(1); body.append(Array(typeNames[kind].utf8)); body.u32(0); body.u32(UInt32(16 + payload.count))
                    case 2: body.u32(0); body.append(Array(typeNames[kind].utf8))
                    default: body.u32(UInt32(8 + payload.count)); body.append(Array(typeNames[kind].utf8))
                    }
                    body.append(payload)
                }
                w.u32(UInt32(8 + body.bytes.count)); w.append(Array("moov".utf8)); w.append(body.bytes)
                let bytes = w.bytes
                let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
                var children: [BoxSpan] = []
                try root.forEachChild { children.append($0); return true }
                #expect(children.count == kinds.count)
                for (k, type) in types.enumerated() {
                    let first = kinds.firstIndex(of: k).map { children[$0] }
                    let found = root.child(type)
                    #expect(found.map { try? $0.atom().serialized() } == first.map { try? $0.atom().serialized() }, "\(type) in \(kinds) \(forms)")
                    #expect(found?.originalOffset == first?.originalOffset)
                }
            }
        }
    }
}
