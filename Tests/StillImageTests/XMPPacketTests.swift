import Testing
import Foundation
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

    @Test func anEmptyPacketTakesNewProperties() throws {
        let p = XMPPacket.empty()
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
}
