import Foundation
import Testing
import BinaryIO
@testable import StillImage

/// The well-formedness check at its edges: a DOCTYPE right after a comment (no space between)
/// is still in the prolog and refused; a packet's one root element may hold any number of
/// elements (several, or none): only elements at the top count as roots.
@Suite("XMP well-formedness: a DOCTYPE right after a comment, a root with several children or none")
struct XMPWellFormednessEdgeTests {
    static let root = "<x:xmpmeta xmlns:x='adobe:ns:meta/'>\(XMPPacketTests.rdfBody)</x:xmpmeta>"

    @Test("<!-- c --><!DOCTYPE …> before the root: refused as a document type declaration at offset 10")
    func doctypeRightAfterAComment() throws {
        let error = #expect(throws: ParseError.self) { try XMPPacket(xml: Array(("<!-- c --><!DOCTYPE x:xmpmeta>" + Self.root).utf8)) }
        #expect(error?.message == "the XMP holds a document type declaration (DOCTYPE), which XMP does not allow", "\(String(describing: error))")
        #expect(error?.offset == 10)
    }

    @Test("a root holding two rdf:RDF elements, and an empty root, read")
    func rootWithAnyNumberOfChildren() throws {
        let two = "<x:xmpmeta xmlns:x='adobe:ns:meta/'>\(XMPPacketTests.rdfBody)\(XMPPacketTests.rdfBody)</x:xmpmeta>"
        let packet = try XMPPacket(xml: Array(two.utf8))
        #expect(String(decoding: packet.xmlBytes(wrapped: false), as: UTF8.self).components(separatedBy: "<rdf:RDF").count == 3, "both rdf:RDF kept")
        _ = try XMPPacket(xml: Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8))
    }
}
