#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import BinaryIO

/// XMP too large for one APP1 segment, split the standard way (XMP specification part 3,
/// 1.1.3.1): the properties of the namespaces readers need in the main packet stay there, every
/// other one moves to an extended packet whose MD5 (the GUID) the main packet names in
/// `xmpNote:HasExtendedXMP`; the extended packet is written in chunks, each an APP1 with the
/// extension signature, the GUID, the full length and the chunk's offset.
public enum ExtendedXMP {
    /// Signature (35) + GUID (32) + length (4) + offset (4) before each chunk.
    static let chunkHeader = 35 + 32 + 8
    static let maximumChunk = JPEGRewrite.maximumSegmentPayload - chunkHeader
    public static let hasExtendedXMP = XMPProperty(namespace: XMPNamespace.xmpNote, preferredPrefix: "xmpNote", name: "HasExtendedXMP")

    /// APP1 payloads: the standard segment, then the extended chunks (none when the packet fits).
    public static func segments(_ packet: XMPPacket, keeping namespaces: Set<String>) throws -> [[UInt8]] {
        let whole = packet.segmentPayload()
        if whole.count <= JPEGRewrite.maximumSegmentPayload { return [whole] }
        let extended = try packet.moveProperties(notIn: namespaces.union([XMPNamespace.xmpNote]))
        let body = extended.xmlBytes(wrapped: false)
        let guid = MD5.hex(body)
        packet.set(hasExtendedXMP, guid)
        let standard = packet.segmentPayload()
        guard standard.count <= JPEGRewrite.maximumSegmentPayload else {
            throw ParseError(.tooLarge, "the main XMP is \(standard.count) bytes even with every other property moved to extended XMP", path: "APP1/XMP")
        }
        var out = [standard]
        var offset = 0
        while offset < body.count {
            let n = min(maximumChunk, body.count - offset)
            var w = ByteWriter(capacity: chunkHeader + n)
            w.append(XMPPacket.extendedSignature)
            w.append(Array(guid.utf8))
            w.u32(UInt32(body.count))
            w.u32(UInt32(offset))
            w.append(body[offset..<(offset + n)])
            out.append(w.bytes)
            offset += n
        }
        return out
    }

    /// Joins the chunks of the extended packet named `guid` (payloads of extended XMP segments).
    public static func join(_ payloads: [[UInt8]], guid: String) throws -> XMPPacket {
        var chunks: [(offset: Int, bytes: ArraySlice<UInt8>)] = []
        var total = 0
        for p in payloads where p.starts(with: XMPPacket.extendedSignature) && p.count >= chunkHeader {
            guard String(decoding: p[35..<67], as: UTF8.self) == guid else { continue }
            var r = ByteReader(p, range: 67..<75, path: "APP1/ExtendedXMP")
            total = Int(try r.readUInt32())
            chunks.append((Int(try r.readUInt32()), p[75...]))
        }
        guard total <= XMPPacket.maximumSize else { throw ParseError(.tooLarge, "extended XMP of \(total) bytes", path: "APP1/ExtendedXMP") }
        var body = [UInt8](repeating: 0, count: total)
        var filled = 0
        for c in chunks.sorted(by: { $0.offset < $1.offset }) {
            guard c.offset == filled, c.offset + c.bytes.count <= total else { throw ParseError(.invalidValue, "extended XMP chunks do not join", path: "APP1/ExtendedXMP") }
            body.replaceSubrange(c.offset..<(c.offset + c.bytes.count), with: c.bytes)
            filled += c.bytes.count
        }
        guard filled == total, MD5.hex(body) == guid else { throw ParseError(.invalidValue, "extended XMP does not match its GUID", path: "APP1/ExtendedXMP") }
        return try XMPPacket(xml: body)
    }
}
