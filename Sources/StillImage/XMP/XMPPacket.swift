import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import BinaryIO

/// An XMP packet parsed as XML with namespaces (FoundationXML over libxml2), edited as a tree:
/// properties are found and removed by namespace URI and name, never by string search, and
/// every property this code does not touch is written back.
public final class XMPPacket {
    /// The APP1 signature of the standard XMP segment.
    public static let standardSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    /// The APP1 signature of an extended XMP segment.
    public static let extendedSignature: [UInt8] = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]
    /// A fixed bound: a standard packet fits one APP1 (64 KB); extended XMP a few MB.
    public static let maximumSize = 16 << 20

    private let document: XMLDocument
    /// The document's root element (`x:xmpmeta`), the packet's XML.
    private let root: XMLElement

    public init(xml: [UInt8]) throws {
        guard xml.count <= XMPPacket.maximumSize else { throw ParseError(.tooLarge, "XMP packet of \(xml.count) bytes", path: "XMP") }
        // Writers pad packets with NULs and whitespace; libxml2 rejects trailing NULs.
        var end = xml.count
        while end > 0 && (xml[end - 1] == 0 || xml[end - 1] == 0x20 || xml[end - 1] == 0x0A || xml[end - 1] == 0x0D || xml[end - 1] == 0x09) { end -= 1 }
        // Nothing but padding (a packet reserved and never filled) holds no property: it reads
        // as the empty packet. (XMLDocument traps on no bytes.)
        let packet = end == 0 ? Array(Self.emptyXML.utf8) : Array(xml[0..<end])
        // NUL is no XML character; one inside is damage. (On a leading NUL the SAX check below
        // can pass a short packet, and XMLDocument then traps.)
        guard !packet.contains(0) else { throw ParseError(.invalidValue, "the XMP holds a NUL byte", path: "XMP") }
        // A well-formed document ends with a tag, a comment or a processing instruction: a
        // cheap first refusal before any parse (`XMPWellFormedness` would refuse it too).
        guard packet.last == UInt8(ascii: ">") else { throw ParseError(.invalidValue, "the XMP is not well-formed XML", path: "XMP") }
        // XMP is UTF-8 here (JPEG APP1, HEIF mime items). libxml2 reads past a byte that is not,
        // and FoundationXML then crashes serializing the tree (a NULL string): refuse it first.
        guard String(validating: packet, as: UTF8.self) != nil else {
            throw ParseError(.invalidValue, "the XMP is not valid UTF-8", path: "XMP")
        }
        try XMPWellFormedness.check(packet)
        do {
            // Entities are never loaded or expanded (there is no DTD to declare one, see above).
            document = try XMLDocument(data: Data(packet), options: [.nodeLoadExternalEntitiesNever])
        } catch {
            throw ParseError(.invalidValue, "the XMP is not well-formed XML", path: "XMP")
        }
        guard let root = document.rootElement() else { throw ParseError(.invalidValue, "the XMP has no root element", path: "XMP") }
        self.root = root
    }

    /// One empty `rdf:Description`.
    static let emptyXML = "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"\(XMPNamespace.rdf)\"><rdf:Description rdf:about=\"\"/></rdf:RDF></x:xmpmeta>"

    /// A packet with one empty `rdf:Description`, for a still that has no XMP.
    public static func empty() throws -> XMPPacket { try XMPPacket(xml: Array(emptyXML.utf8)) }

    /// The packet of a standard XMP APP1 payload (signature, then XML).
    public static func fromSegmentPayload(_ payload: [UInt8]) throws -> XMPPacket {
        guard payload.starts(with: standardSignature) else { throw ParseError(.invalidValue, "not an XMP segment", path: "APP1/XMP") }
        return try XMPPacket(xml: Array(payload[standardSignature.count...]))
    }

    // MARK: reading

    private var descriptions: [XMLElement] {
        var found: [XMLElement] = []
        func walk(_ e: XMLElement) {
            if e.localName == "Description" && XMPPacket.namespaceURI(e) == XMPNamespace.rdf { found.append(e) }
            for case let c as XMLElement in e.children ?? [] { walk(c) }
        }
        walk(root)
        return found
    }

    /// The value of a simple property, written as an attribute of an `rdf:Description` or as
    /// a child element holding text.
    public func value(_ p: XMPProperty) -> String? {
        for d in descriptions {
            if let a = d.attribute(forLocalName: p.name, uri: p.namespace) { return a.stringValue }
            if let e = XMPPacket.children(of: d, p.name, p.namespace).first { return e.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        return nil
    }

    public func integer(_ p: XMPProperty) -> Int64? { value(p).flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) } }

    /// The items of `Container:Directory`, in order; nil when there is no directory.
    public func containerDirectory() -> [XMPContainerItem]? {
        guard let directory = directoryElement() else { return nil }
        var items: [XMPContainerItem] = []
        func field(_ e: XMLElement, _ name: String) -> String? {
            if let a = e.attribute(forLocalName: name, uri: XMPNamespace.containerItem) { return a.stringValue }
            return XMPPacket.children(of: e, name, XMPNamespace.containerItem).first?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func walk(_ e: XMLElement) {
            if e.localName == "Item" && XMPPacket.namespaceURI(e) == XMPNamespace.container {
                items.append(XMPContainerItem(semantic: field(e, "Semantic") ?? "", mime: field(e, "Mime") ?? "",
                                              length: field(e, "Length").flatMap { UInt64($0) }, padding: field(e, "Padding").flatMap { UInt64($0) }))
                return
            }
            for case let c as XMLElement in e.children ?? [] { walk(c) }
        }
        walk(directory)
        return items
    }

    private func directoryElement() -> XMLElement? {
        for d in descriptions {
            if let e = XMPPacket.children(of: d, "Directory", XMPNamespace.container).first { return e }
        }
        return nil
    }

    /// An element's namespace URI: the parser's, or, for an element this packet made by
    /// qualified name (the directory), the one its prefix is declared with. Without the second,
    /// a directory set on this packet was invisible to it: not read back, and not replaced by
    /// the next `setContainerDirectory` (two directories).
    static func namespaceURI(_ e: XMLElement) -> String? {
        if let uri = e.uri { return uri }
        guard let name = e.name, name.contains(":") else { return nil }
        return e.resolveNamespace(forName: name)?.stringValue
    }

    /// Child elements by local name and namespace URI (FoundationXML's `elements(forLocalName:uri:)`
    /// finds nothing on Linux).
    static func children(of e: XMLElement, _ localName: String, _ uri: String) -> [XMLElement] {
        (e.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == localName && namespaceURI($0) == uri }
    }

    // MARK: editing

    /// Removes a property wherever it is written.
    public func remove(_ p: XMPProperty) {
        for d in descriptions {
            while let a = d.attribute(forLocalName: p.name, uri: p.namespace), let name = a.name { d.removeAttribute(forName: name) }
            for e in XMPPacket.children(of: d, p.name, p.namespace) { e.detach() }
        }
    }

    /// Sets a simple property as an attribute of the first `rdf:Description`, replacing it wherever it was.
    public func set(_ p: XMPProperty, _ value: String) {
        remove(p)
        guard let d = descriptions.first else { return }
        let prefix = declarePrefix(for: p.namespace, preferred: p.preferredPrefix, on: d)
        d.addAttribute(XMPPacket.attribute("\(prefix):\(p.name)", uri: p.namespace, value: value))
    }

    /// Replaces `Container:Directory` with `items` (nil or empty: removes it).
    public func setContainerDirectory(_ items: [XMPContainerItem]?) {
        while let old = directoryElement() { old.detach() }
        guard let items, !items.isEmpty, let d = descriptions.first else { return }
        let c = declarePrefix(for: XMPNamespace.container, preferred: "Container", on: d)
        let i = declarePrefix(for: XMPNamespace.containerItem, preferred: "Item", on: d)
        let rdf = declarePrefix(for: XMPNamespace.rdf, preferred: "rdf", on: d)
        // Elements are made by qualified name only: their prefixes are declared on the
        // description, and an element made with a URI would repeat the declaration.
        let directory = XMLElement(name: "\(c):Directory")
        let seq = XMLElement(name: "\(rdf):Seq")
        for item in items {
            let li = XMLElement(name: "\(rdf):li")
            li.addAttribute(XMPPacket.attribute("\(rdf):parseType", uri: XMPNamespace.rdf, value: "Resource"))
            let element = XMLElement(name: "\(c):Item")
            func add(_ name: String, _ value: String) {
                element.addAttribute(XMPPacket.attribute("\(i):\(name)", uri: XMPNamespace.containerItem, value: value))
            }
            add("Mime", item.mime)
            add("Semantic", item.semantic)
            if let l = item.length { add("Length", String(l)) }
            if let p = item.padding { add("Padding", String(p)) }
            li.addChild(element)
            seq.addChild(li)
        }
        directory.addChild(seq)
        d.addChild(directory)
    }

    /// The prefix in scope for `uri` at `element`, declaring `preferred` (made unique) there when none is.
    private func declarePrefix(for uri: String, preferred: String, on element: XMLElement) -> String {
        if let p = element.resolvePrefix(forNamespaceURI: uri), !p.isEmpty { return p }
        var prefix = preferred
        var n = 1
        while element.resolveNamespace(forName: prefix + ":x") != nil { n += 1; prefix = preferred + String(n) }
        element.addNamespace(XMPPacket.namespace(prefix, uri: uri))
        return prefix
    }

    /// FoundationXML's node factories return `Any` (the Objective-C API's shape) though they
    /// always make an `XMLNode`. Neither node can be built by kind instead: corelibs-foundation
    /// crashes on an attribute's prefixed name set outside a document, and with a namespace
    /// built so, a written packet does not read back as written.
    private static func attribute(_ name: String, uri: String, value: String) -> XMLNode {
        guard let node = XMLNode.attribute(withName: name, uri: uri, stringValue: value) as? XMLNode else {
            preconditionFailure("FoundationXML's attribute factory made no XMLNode")
        }
        return node
    }

    private static func namespace(_ prefix: String, uri: String) -> XMLNode {
        guard let node = XMLNode.namespace(withName: prefix, stringValue: uri) as? XMLNode else {
            preconditionFailure("FoundationXML's namespace factory made no XMLNode")
        }
        return node
    }

    // MARK: writing

    /// The packet as XML, wrapped in the standard `xpacket` processing instructions (extended
    /// XMP is written without them).
    public func xmlBytes(wrapped: Bool = true) -> [UInt8] {
        let body = root.xmlString(options: [])
        guard wrapped else { return Array(body.utf8) }
        let text = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n" + body + "\n<?xpacket end=\"w\"?>"
        return Array(text.utf8)
    }

    /// Moves every property outside `namespaces` into a new packet (for extended XMP), with the
    /// namespace declarations they use; returns that packet.
    func moveProperties(notIn namespaces: Set<String>) throws -> XMPPacket {
        let moved = try XMPPacket.empty()
        guard let target = moved.descriptions.first else { return moved }
        var declared = Set<String>()
        func declare(_ from: XMLElement?) {
            var node = from
            while let e = node {
                for ns in e.namespaces ?? [] {
                    guard let name = ns.name, !name.isEmpty, !declared.contains(name) else { continue }
                    declared.insert(name)
                    if target.resolveNamespace(forName: name + ":x") == nil {
                        target.addNamespace(XMPPacket.namespace(name, uri: ns.stringValue ?? ""))
                    }
                }
                node = e.parent as? XMLElement
            }
        }
        for d in descriptions {
            declare(d)
            for a in d.attributes ?? [] {
                guard let uri = a.uri, uri != XMPNamespace.rdf, !namespaces.contains(uri), let name = a.name else { continue }
                target.addAttribute(XMPPacket.attribute(name, uri: uri, value: a.stringValue ?? ""))
                d.removeAttribute(forName: name)
            }
            for case let e as XMLElement in d.children ?? [] {
                guard let uri = XMPPacket.namespaceURI(e), !namespaces.contains(uri) else { continue }
                e.detach()
                target.addChild(e)
            }
        }
        return moved
    }

    /// A standard XMP APP1 payload: the signature, then the packet.
    public func segmentPayload() -> [UInt8] { XMPPacket.standardSignature + xmlBytes() }
}
