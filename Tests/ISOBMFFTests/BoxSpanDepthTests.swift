import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Spans read a `moov` in place (`MovieScanFacts`) and must refuse exactly the trees the parser
/// refuses: a depth limit one level off either way would send a legal movie down the slow path
/// or let a tree through that `MovieFile` then rejects.
@Suite("box spans: the depth limit is the parser's, at every depth")
struct BoxSpanDepthTests {
    /// `moov` holding `traks` nested `trak` boxes around one `free` leaf.
    static func nested(_ traks: Int) -> [UInt8] {
        var inner = Support.box("free", [0xAB])
        for _ in 0..<traks { inner = Support.box("trak", inner) }
        return Support.box("moov", inner)
    }

    @Test("validateTree passes exactly the trees AtomParser parses, and the spans walk down to the leaf")
    func depthAgreesWithTheParser() throws {
        // moov is depth 0, so the leaf sits at depth traks + 1: the bound is crossed at
        // traks == maximumDepth - 1.
        for traks in 0...(AtomParser.maximumDepth + 1) {
            let bytes = Self.nested(traks)
            let parses = (try? Support.parseAtom(bytes)) != nil
            #expect(parses == (traks + 1 < AtomParser.maximumDepth), "the parser at \(traks) traks")
            let root = try BoxSpan.root(ByteReader(bytes), limit: UInt64(bytes.count))
            var validates = true
            do { try root.validateTree() } catch let error as ParseError {
                validates = false
                #expect(error.kind == .tooDeep, "\(traks) traks: \(error)")
            }
            #expect(validates == parses, "\(traks) traks: spans validate \(validates), the parser parses \(parses)")
            guard validates else { continue }

            // Down by type lookup and by the children walk: both reach the leaf.
            var byType: BoxSpan? = root
            var byWalk: BoxSpan? = root
            for _ in 0..<traks {
                byType = byType?.child("trak")
                byWalk = byWalk?.children?.first
            }
            let leafByType = try #require(byType?.child("free"), "\(traks) traks: the leaf by type")
            let leafByWalk = try #require(byWalk?.children?.first, "\(traks) traks: the leaf by walk")
            #expect(try leafByType.atom().payload == [0xAB])
            #expect(try leafByWalk.atom().payload == [0xAB])
        }
    }
}
