import BinaryIO
import Foundation
@testable import StillImage
import Testing

/// Extended XMP at its edges: a packet of exactly one segment's payload stays one segment, a
/// main packet of exactly that size is written, joining no chunk of the empty extended packet
/// gives the empty packet, and a chunk of no bytes still declares the full length.
@Suite("extended XMP: exact segment sizes and chunks of no bytes")
struct ExtendedXMPBoundaryTests {
    static let camera = "http://ns.google.com/photos/1.0/camera/"

    /// A packet with a kept GCamera attribute of `cameraLength` characters and a dc:description
    /// of `descriptionLength`.
    static func packet(cameraLength: Int, descriptionLength: Int) throws -> XMPPacket {
        let xml = """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:GCamera="\(camera)" \
        GCamera:MotionPhoto="1" GCamera:Note="\(String(repeating: "c", count: cameraLength))">\
        <dc:description>\(String(repeating: "d", count: descriptionLength))</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>
        """
        return try XMPPacket(xml: Array(xml.utf8))
    }

    @Test("a packet whose segment payload is exactly the maximum stays one segment")
    func exactlyOneSegment() throws {
        let max = JPEGRewrite.maximumSegmentPayload
        let probe = try Self.packet(cameraLength: 1, descriptionLength: 60_000).segmentPayload().count
        let packet = try Self.packet(cameraLength: 1, descriptionLength: 60_000 + max - probe)
        let whole = packet.segmentPayload()
        try #require(whole.count == max)
        #expect(try ExtendedXMP.segments(packet, keeping: [Self.camera]) == [whole])
    }

    @Test("a main packet of exactly the maximum (every other property moved) is written")
    func mainPacketOfExactlyTheMaximum() throws {
        let max = JPEGRewrite.maximumSegmentPayload
        let probe = try ExtendedXMP.segments(try Self.packet(cameraLength: 60_000, descriptionLength: 70_000), keeping: [Self.camera])[0].count
        let segments = try ExtendedXMP.segments(try Self.packet(cameraLength: 60_000 + max - probe, descriptionLength: 70_000), keeping: [Self.camera])
        #expect(segments.count > 1)
        #expect(segments.first?.count == max)
    }

    @Test("no chunk at all, for the GUID of the empty packet: the empty packet")
    func noChunkIsTheEmptyPacket() throws {
        let joined = try ExtendedXMP.join([], guid: MD5.hex([]))
        #expect(joined.value(ExtendedXMP.hasExtendedXMP) == nil)
    }

    @Test("a chunk of no bytes declaring 5 bytes in all: the packet is incomplete, refused")
    func emptyChunkDeclaresItsLength() {
        var w = ByteWriter()
        w.append(XMPPacket.extendedSignature); w.append(Array(MD5.hex([]).utf8)); w.u32(5); w.u32(0)
        #expect(w.bytes.count == ExtendedXMP.chunkHeader)
        #expect(throws: ParseError.self) { _ = try ExtendedXMP.join([w.bytes], guid: MD5.hex([])) }
    }
}
