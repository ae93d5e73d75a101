import Testing
import Foundation
import BinaryIO
@testable import StillImage

@Suite struct XMPPacketTests {
    static let xml = """
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
    <rdf:Description rdf:about="" xmlns:Camera="http://ns.google.com/photos/1.0/camera/" \
    xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/" \
    xmlns:dc="http://purl.org/dc/elements/1.1/" Camera:MotionPhoto="1" Camera:MotionPhotoPresentationTimestampUs="123">\
    <dc:title><rdf:Alt><rdf:li xml:lang="x-default">kept</rdf:li></rdf:Alt></dc:title>\
    <Container:Directory><rdf:Seq>\
    <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="8"/></rdf:li>\
    <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="4242"/></rdf:li>\
    </rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>
    """
    static let camera = XMPProperty(namespace: XMPNamespace.googleCamera, preferredPrefix: "GCamera", name: "MotionPhoto")

    @Test func readsPropertiesByNamespaceWhateverThePrefix() throws {
        let p = try XMPPacket(xml: Array(Self.xml.utf8))
        #expect(p.value(Self.camera) == "1")
        #expect(p.integer(XMPProperty(namespace: XMPNamespace.googleCamera, preferredPrefix: "GCamera", name: "MotionPhotoPresentationTimestampUs")) == 123)
        #expect(p.containerDirectory() == [XMPContainerItem(semantic: "Primary", mime: "image/jpeg", length: 0, padding: 8),
                                           XMPContainerItem(semantic: "MotionPhoto", mime: "video/mp4", length: 4242)])
    }

    @Test("a directory this packet set is read back, and the next set replaces it (never two)")
    func directorySetTwiceIsOneDirectory() throws {
        let p = try XMPPacket.empty()
        let first = [XMPContainerItem(semantic: "Primary", mime: "image/jpeg", length: 0)]
        let second = first + [XMPContainerItem(semantic: "MotionPhoto", mime: "video/mp4", length: 5)]
        p.setContainerDirectory(first)
        #expect(p.containerDirectory() == first)
        p.setContainerDirectory(second)
        #expect(p.containerDirectory() == second)
        let text = String(decoding: p.xmlBytes(), as: UTF8.self)
        #expect(text.components(separatedBy: "<Container:Directory>").count == 2, "\(text)")
        #expect(try XMPPacket(xml: p.xmlBytes()).containerDirectory() == second)
        p.setContainerDirectory(nil)
        #expect(p.containerDirectory() == nil)
        #expect(!String(decoding: p.xmlBytes(), as: UTF8.self).contains("Directory"))
    }

    @Test func removingAndSettingKeepsOtherProperties() throws {
        let p = try XMPPacket(xml: Array(Self.xml.utf8))
        p.remove(Self.camera)
        p.setContainerDirectory([XMPContainerItem(semantic: "Primary", mime: "image/jpeg", length: 0, padding: 0)])
        let again = try XMPPacket(xml: p.xmlBytes())
        #expect(again.value(Self.camera) == nil)
        #expect(again.containerDirectory()?.count == 1)
        #expect(String(decoding: again.xmlBytes(), as: UTF8.self).contains(">kept<"))
        again.set(Self.camera, "1")
        #expect(try XMPPacket(xml: again.xmlBytes()).value(Self.camera) == "1")
    }

    /// A packet whose preferred prefixes are taken by other namespaces keeps those: the new
    /// property's namespace is declared under the first free numbered form (GCamera2, then
    /// GCamera3), and both properties read back.
    @Test("a preferred prefix bound to another namespace: the next free one, GCamera2 then GCamera3, is declared")
    func takenPrefixGetsTheNextNumber() throws {
        for taken in [["GCamera"], ["GCamera", "GCamera2"]] {
            let declarations = taken.enumerated().map { #"xmlns:\#($0.element)="http://example.com/other\#($0.offset)/" \#($0.element):Flag="x""# }.joined(separator: " ")
            let xml = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" "#
                + declarations + #"/></rdf:RDF></x:xmpmeta>"#
            let p = try XMPPacket(xml: Array(xml.utf8))
            p.set(Self.camera, "1")
            let written = String(decoding: p.xmlBytes(), as: UTF8.self)
            let expected = "GCamera\(taken.count + 1)"
            #expect(written.contains(#"xmlns:\#(expected)="http://ns.google.com/photos/1.0/camera/""#) && written.contains(#"\#(expected):MotionPhoto="1""#), "\(written)")
            let again = try XMPPacket(xml: p.xmlBytes())
            #expect(again.value(Self.camera) == "1")
            for (i, prefix) in taken.enumerated() {
                #expect(again.value(XMPProperty(namespace: "http://example.com/other\(i)/", preferredPrefix: prefix, name: "Flag")) == "x")
            }
        }
    }

    @Test func anEmptyPacketTakesNewProperties() throws {
        let p = try XMPPacket.empty()
        p.set(Self.camera, "1")
        p.setContainerDirectory([XMPContainerItem(semantic: "MotionPhoto", mime: "video/mp4", length: 7)])
        let again = try XMPPacket.fromSegmentPayload(p.segmentPayload())
        #expect(again.value(Self.camera) == "1")
        #expect(again.containerDirectory() == [XMPContainerItem(semantic: "MotionPhoto", mime: "video/mp4", length: 7)])
    }

    @Test func malformedXMLIsATypedError() {
        #expect(throws: (any Error).self) { try XMPPacket(xml: Array("<a><b></a></b>".utf8)) }
        #expect(throws: (any Error).self) { try XMPPacket(xml: Array("not XML at all".utf8)) }
        #expect(throws: (any Error).self) { try XMPPacket.fromSegmentPayload(Array("Exif\0\0".utf8)) }
    }

    static let rdfBody = "<rdf:RDF xmlns:rdf=\"\(XMPNamespace.rdf)\"><rdf:Description rdf:about=\"\"/></rdf:RDF>"

    /// Found by `make cli-fuzz`: libxml2's SAX result passed packets XMLDocument then
    /// recovered from (content after the root dropped, tags closed for it) while printing its
    /// complaint on stderr. Every complaint libxml2 makes now refuses the packet, with its
    /// line; a prefix without its declaration and a relative namespace (namespace errors and
    /// warnings libxml2 prints) too.
    @Test(arguments: [
        ("<x:xmpmeta xmlns:x='adobe:ns:meta/'>\(rdfBody)</x:xmpmeta>\nk<b/>", 2),
        ("<x:xmpmeta xmlns:x='adobe:ns:meta/'>\(rdfBody)</x:xmpmeta></x:xmpmeta>", 1),
        ("<x:xmpmeta xmlns:x='adobe:ns:meta/'>\n<rdf:RDF xmlns:rdf='\(XMPNamespace.rdf)'><rdf:Description>", 2),
        ("<x:xmpmeta xmlns:x='adobe:ns:meta/'>\(rdfBody)<foo:bar>1</foo:bar></x:xmpmeta>", 1),
        ("<x:xmpmeta xmlns:x='adobe:ns:meta/' xmlns='relative'>\(rdfBody)</x:xmpmeta>", 1),
        ("<x:xmpmeta xmlns:x='adobe:ns:meta/'>\(rdfBody)&undeclared;</x:xmpmeta>", 1),
    ])
    func whatLibxml2ComplainsAboutIsRefused(xml: String, line: Int) throws {
        let error = #expect(throws: ParseError.self) { try XMPPacket(xml: Array(xml.utf8)) }
        #expect(error?.message == "the XMP is not well-formed XML (line \(line))", "\(String(describing: error))")
    }

    /// XMP allows no DTD: a DOCTYPE (with entities that would read other files into the
    /// packet, or none) is refused wherever it stands in the prolog; the same text inside a
    /// comment before the root is no declaration.
    @Test func aDocumentTypeDeclarationIsRefused() throws {
        let root = "<x:xmpmeta xmlns:x='adobe:ns:meta/'>\(Self.rdfBody)</x:xmpmeta>"
        for prolog in ["<!DOCTYPE x:xmpmeta [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>",
                       "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>\n<!-- c -->\r\n\t<!DOCTYPE x:xmpmeta>",
                       "<?xml version='1.0'?><!DOCTYPE x:xmpmeta [<!ENTITY i \"internal\">]>"] {
            let xml = Array((prolog + root).utf8)
            let error = #expect(throws: ParseError.self) { try XMPPacket(xml: xml) }
            #expect(error?.message == "the XMP holds a document type declaration (DOCTYPE), which XMP does not allow", "\(prolog)")
            #expect(error?.offset == UInt64((prolog as NSString).range(of: "<!DOCTYPE").location), "\(prolog)")
        }
        let commented = try XMPPacket(xml: Array(("<?xpacket begin=''?><!-- <!DOCTYPE x> -->" + root).utf8))
        #expect(String(decoding: commented.xmlBytes(wrapped: false), as: UTF8.self).contains("rdf:Description"))
    }

    /// Found by flipping bytes of Motion Photos: libxml2 parsed a packet holding a byte that is
    /// not UTF-8 (here before a tag name or inside text), and serializing it crashed the process
    /// inside FoundationXML. Every such packet is now refused on read, with a typed error.
    @Test(arguments: [0x80, 0x9D, 0xC1, 0xC7, 0xF5, 0xFB, 0xFF] as [UInt8])
    func bytesThatAreNotUTF8AreRefused(byte: UInt8) throws {
        let good = Array(Self.xml.utf8)
        for anchor in ["<rdf:li xml:lang", ">kept<", "</Container:Directory>", "Item:Length=\"4"] {
            let at = try #require(Self.range(of: Array(anchor.utf8), in: good)).lowerBound + 1
            var bad = good
            bad[at] = byte
            #expect(throws: ParseError.self, "\(anchor), 0x\(String(byte, radix: 16))") { _ = try XMPPacket(xml: bad) }
        }
        // Valid UTF-8 beyond ASCII still reads and writes back.
        let accented = Array(Self.xml.replacingOccurrences(of: ">kept<", with: ">gardé 😀<").utf8)
        #expect(String(decoding: try XMPPacket(xml: accented).xmlBytes(), as: UTF8.self).contains(">gardé 😀<"))
    }

    static func range(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard needle.count <= bytes.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }.map { $0..<$0 + needle.count }
    }
}

@Suite struct ExtendedXMPTests {
    @Test func md5KnownVectors() {
        #expect(MD5.hex([]) == "D41D8CD98F00B204E9800998ECF8427E")
        #expect(MD5.hex(Array("abc".utf8)) == "900150983CD24FB0D6963F7D28E17F72")
        #expect(MD5.hex(Array(String(repeating: "1234567890", count: 8).utf8)) == "57EDF4A22BE3C955AC49DA2E2107B67A")
    }

    @Test func aPacketTooLargeForOneSegmentIsSplitAndJoinsBack() throws {
        let big = String(repeating: "x", count: 150_000)
        let xml = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
        GCamera:MotionPhoto="1"><dc:description>\(big)</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>
        """
        let packet = try XMPPacket(xml: Array(xml.utf8))
        let segments = try ExtendedXMP.segments(packet, keeping: [XMPNamespace.googleCamera])
        #expect(segments.count == 4)
        #expect(segments.allSatisfy { $0.count <= JPEGRewrite.maximumSegmentPayload })
        let standard = try XMPPacket.fromSegmentPayload(segments[0])
        let camera = XMPProperty(namespace: XMPNamespace.googleCamera, preferredPrefix: "GCamera", name: "MotionPhoto")
        #expect(standard.value(camera) == "1")
        let guid = try #require(standard.value(ExtendedXMP.hasExtendedXMP))
        let extended = try ExtendedXMP.join(Array(segments.dropFirst()), guid: guid)
        #expect(extended.value(XMPProperty(namespace: "http://purl.org/dc/elements/1.1/", preferredPrefix: "dc", name: "description")) == big)
        #expect(extended.value(camera) == nil)
        // A chunk that lies about its place is refused.
        var bad = Array(segments.dropFirst())
        bad[1][bad[1].count - 1] ^= 0xFF
        #expect(throws: (any Error).self) { try ExtendedXMP.join(bad, guid: guid) }
    }

    @Test("attribute-form properties of other namespaces move too: out of the main packet, into the extended one, with their declarations")
    func attributePropertiesMove() throws {
        let big = String(repeating: "y", count: 70_000)
        let xml = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:xmp="http://ns.adobe.com/xap/1.0/">\
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/" \
        GCamera:MotionPhoto="1" xmp:Rating="5"><dc:description>\(big)</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>
        """
        let packet = try XMPPacket(xml: Array(xml.utf8))
        let segments = try ExtendedXMP.segments(packet, keeping: [XMPNamespace.googleCamera])
        #expect(segments.count == 3)
        let standard = try XMPPacket.fromSegmentPayload(segments[0])
        let rating = XMPProperty(namespace: "http://ns.adobe.com/xap/1.0/", preferredPrefix: "xmp", name: "Rating")
        let camera = XMPProperty(namespace: XMPNamespace.googleCamera, preferredPrefix: "GCamera", name: "MotionPhoto")
        #expect(standard.value(rating) == nil, "moved, not copied")
        #expect(standard.value(camera) == "1")
        let guid = try #require(standard.value(ExtendedXMP.hasExtendedXMP))
        let extended = try ExtendedXMP.join(Array(segments.dropFirst()), guid: guid)
        // Declared on rdf:RDF, an ancestor: the extended packet declares it itself.
        #expect(extended.value(rating) == "5")
        #expect(extended.value(camera) == nil)
    }

    @Test func aPacketThatFitsStaysOneSegment() throws {
        let p = try XMPPacket.empty()
        #expect(try ExtendedXMP.segments(p, keeping: []).count == 1)
    }

    @Test("a packet of exactly 16 MiB (padded, as writers pad) reads; a byte more is refused as too large")
    func packetSizeBound() throws {
        let xml = Array(XMPPacketTests.xml.utf8)
        let padded = xml + [UInt8](repeating: 0x20, count: XMPPacket.maximumSize - xml.count)
        #expect(try XMPPacket(xml: padded).value(XMPPacketTests.camera) == "1")
        let error = #expect(throws: ParseError.self) { _ = try XMPPacket(xml: padded + [0x20]) }
        #expect(error?.kind == .tooLarge && error?.message.contains("XMP packet of 16777217 bytes") == true, "\(String(describing: error))")
    }
}
