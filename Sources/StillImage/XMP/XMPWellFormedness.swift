import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import BinaryIO

/// Whether a packet is XML that `XMLDocument` reads as written. `XMLDocument` recovers from
/// errors (dropping what follows the root, closing tags itself) and prints libxml2's errors
/// and warnings on stderr; the SAX parser's own result does not tell either (it parses in
/// recovery mode and never ends the document). So every complaint libxml2 makes to a
/// delegate refuses the packet, and the tree is built only from a packet it has none about.
enum XMPWellFormedness {
    static func check(_ packet: [UInt8]) throws {
        try refuseDocumentTypeDeclaration(packet)
        let parser = XMLParser(data: Data(withDataInEveryInstruction(packet)))
        let recorder = ComplaintRecorder()
        parser.delegate = recorder
        _ = parser.parse()
        if let line = recorder.firstLine {
            throw ParseError(.invalidValue, "the XMP is not well-formed XML (line \(line))", path: "XMP")
        }
        guard recorder.depth == 0, recorder.roots == 1 else {
            throw ParseError(.invalidValue, "the XMP is not well-formed XML", path: "XMP")
        }
    }

    /// The SAX bridge of FoundationXML crashes on a processing instruction without data
    /// (`<?p?>`: libxml2 hands it no data string). The copy the SAX parser checks gets a space
    /// there (`<?p ?>`, the same instruction to XML, on the same line); the tree is built from
    /// the packet as it is.
    static func withDataInEveryInstruction(_ packet: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(packet.count + 16)
        var i = 0
        while i < packet.count {
            guard packet[i] == UInt8(ascii: "<"), i + 1 < packet.count, packet[i + 1] == UInt8(ascii: "?") else {
                out.append(packet[i]); i += 1; continue
            }
            // The target runs to a space or to "?>".
            var end = i + 2
            while end < packet.count, ![0x20, 0x09, 0x0A, 0x0D].contains(packet[end]),
                  !(packet[end] == UInt8(ascii: "?") && end + 1 < packet.count && packet[end + 1] == UInt8(ascii: ">")) {
                end += 1
            }
            out += packet[i..<end]
            if end < packet.count, packet[end] == UInt8(ascii: "?") { out.append(0x20) }
            i = end
        }
        return out
    }

    /// XMP allows no DTD (Adobe's XMP Toolkit refuses "DOCTYPE is not allowed"): a DTD's
    /// entities are how XML pulls in other files (`<!ENTITY e SYSTEM "file:///...">`) or
    /// expands a few bytes into gigabytes. A DOCTYPE can stand only in the prolog, before the
    /// root element, among the XML declaration, processing instructions, comments and spaces.
    static func refuseDocumentTypeDeclaration(_ packet: [UInt8]) throws {
        var i = 0
        func at(_ text: String) -> Bool { packet[i...].starts(with: text.utf8) }
        while i < packet.count {
            switch packet[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            case UInt8(ascii: "<") where at("<?"):
                guard let end = ByteSearch.firstIndex(of: Array("?>".utf8), in: packet, from: i + 2) else { return }
                i = end + 2
            case UInt8(ascii: "<") where at("<!--"):
                guard let end = ByteSearch.firstIndex(of: Array("-->".utf8), in: packet, from: i + 4) else { return }
                i = end + 3
            case UInt8(ascii: "<") where at("<!DOCTYPE"):
                throw ParseError(.invalidValue, "the XMP holds a document type declaration (DOCTYPE), which XMP does not allow", path: "XMP", offset: UInt64(i))
            default: return   // the root element (or text the parser will refuse)
            }
        }
    }
}

/// Counts the elements libxml2 reports and keeps the line of its first complaint.
private final class ComplaintRecorder: NSObject, XMLParserDelegate {
    var firstLine: Int?
    var depth = 0
    var roots = 0

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        if depth == 0 { roots += 1 }
        depth += 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        depth -= 1
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if firstLine == nil { firstLine = max(1, parser.lineNumber) }
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        if firstLine == nil { firstLine = max(1, parser.lineNumber) }
    }
}
