import BinaryIO
import Foundation
import PropertyBased
@testable import StillImage
import TestSupport
import Testing

/// Packets put together from the pieces XML allows (and some it does not) in any order: the
/// well-formedness check never crashes the process, whatever it is given, and a packet it
/// lets through is one XMLDocument reads as written, so writing it back and reading that
/// gives the same bytes.
@Suite("XMP: the well-formedness check on random packets")
struct XMPWellFormednessPropertyTests {
    static let prologPieces = ["", "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>", "<?xml version='1.0'?>", "<!-- c -->", "\n",
                               "<!DOCTYPE x:xmpmeta>", "<?p?>", "<?p ?>", "<!---->"]
    static let bodyPieces = ["<?p?>", "<?xpacket?>", "<?p x?>", "<?p\t?>", "<!---->", "<!-- a -->", "<![CDATA[]]>", "<![CDATA[<?p?>]]>",
                             "text", "&amp;", "&undeclared;", "&#0;", "&#x41;", "<e/>", "<e a=''/>", "<p:e/>",
                             "<rdf:Description rdf:about=''/>", "<e>", "</e>", "</x:xmpmeta>", "\n", "<", ">", "<??>", "?>"]
    static let rootOpen = "<x:xmpmeta xmlns:x='adobe:ns:meta/' xmlns:rdf='\(XMPNamespace.rdf)'>"

    static func packet(_ seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var text = ""
        for _ in 0..<Int.random(in: 0...3, using: &rng) { text += prologPieces.randomElement(using: &rng)! }
        text += rootOpen
        for _ in 0..<Int.random(in: 0...8, using: &rng) { text += bodyPieces.randomElement(using: &rng)! }
        text += "</x:xmpmeta>"
        if Bool.random(using: &rng) { text += ["<?xpacket end='w'?>", "<?p?>", "\n", "k", "<!-- -->"].randomElement(using: &rng)! }
        return Array(text.utf8)
    }

    @Test func readsAsWrittenOrIsRefused() async {
        await propertyCheck(count: 600, input: Gen.uint64()) { seed in await Support.failingOnThrow {
            let xml = Self.packet(seed)
            let packet: XMPPacket
            do { packet = try XMPPacket(xml: xml) } catch is ParseError { return }
            let written = packet.xmlBytes(wrapped: false)
            let again = try XMPPacket(xml: written)
            #expect(again.xmlBytes(wrapped: false) == written, "seed \(seed): \(String(decoding: xml, as: UTF8.self))")
        } }
    }

    /// The copy the SAX parser checks differs only by a space before the `?>` of each
    /// instruction that had no data: one byte more for each, and none left without data.
    @Test func instructionsGetOnlyASpace() async {
        let bare = "<\\?[^ \\t\\r\\n?]*\\?>"
        await propertyCheck(count: 600, input: Gen.uint64()) { seed in
            let xml = Self.packet(seed)
            let checked = XMPWellFormedness.withDataInEveryInstruction(xml)
            let before = String(decoding: xml, as: UTF8.self), after = String(decoding: checked, as: UTF8.self)
            let bareCount = before.matches(of: try! Regex(bare)).count
            #expect(after.matches(of: try! Regex(bare)).isEmpty, "seed \(seed): \(after)")
            #expect(checked.count == xml.count + bareCount, "seed \(seed): \(before)")
            #expect(checked.filter { $0 != 0x20 } == xml.filter { $0 != 0x20 }, "seed \(seed)")
        }
    }

    /// An instruction without data (which crashed FoundationXML's SAX bridge) reads, and is
    /// written back.
    @Test func anInstructionWithoutDataReadsAndIsKept() throws {
        let xml = Self.rootOpen + "<?p?><rdf:RDF><rdf:Description rdf:about=''/></rdf:RDF></x:xmpmeta>"
        let packet = try XMPPacket(xml: Array(xml.utf8))
        #expect(String(decoding: packet.xmlBytes(wrapped: false), as: UTF8.self).contains("<?p?>"))
    }
}
