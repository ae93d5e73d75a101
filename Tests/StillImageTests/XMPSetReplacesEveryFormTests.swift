import Testing
import Foundation
import BinaryIO
@testable import StillImage

/// Setting a property replaces it wherever the packet wrote it: as a child element of the
/// description, or as an attribute of a later description. The written packet then holds it
/// once, with the new value, never beside the old one.
@Suite("XMP set: the old property is removed in every form it was written")
struct XMPSetReplacesEveryFormTests {
    static let head = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
    static let tail = "</rdf:RDF></x:xmpmeta>"
    static let camera = #"xmlns:Camera="http://ns.google.com/photos/1.0/camera/""#

    static let packets: [String] = [
        // As an element of the only description.
        head + #"<rdf:Description rdf:about="" "# + camera + #"><Camera:MotionPhoto>0</Camera:MotionPhoto></rdf:Description>"# + tail,
        // As an attribute of a second description.
        head + #"<rdf:Description rdf:about=""/><rdf:Description rdf:about="" "# + camera + #" Camera:MotionPhoto="0"/>"# + tail,
    ]

    @Test("an element, or an attribute of a later description: set leaves the property once, with the new value", arguments: 0..<2)
    func setReplacesTheOldForm(_ index: Int) throws {
        let packet = try XMPPacket(xml: Array(Self.packets[index].utf8))
        #expect(packet.value(XMPPacketTests.camera) == "0")
        packet.set(XMPPacketTests.camera, "1")
        let text = String(decoding: packet.xmlBytes(wrapped: false), as: UTF8.self)
        #expect(text.components(separatedBy: "MotionPhoto").count == 2, "\(text)")
        #expect(!text.contains("MotionPhoto>") && !text.contains(#"MotionPhoto="0""#), "\(text)")
        let again = try XMPPacket(xml: packet.xmlBytes())
        #expect(again.value(XMPPacketTests.camera) == "1")
        again.remove(XMPPacketTests.camera)
        #expect(again.value(XMPPacketTests.camera) == nil)
    }
}
