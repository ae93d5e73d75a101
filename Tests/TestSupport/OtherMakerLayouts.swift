import Foundation

/// Other makers' motion photos built from their published descriptions (format-notes "Other
/// makers"): a fixture JPEG and MP4 arranged as each maker's camera arranges them.
public enum OtherMakerLayouts {
    static let description = #"<rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/""#
        + #" xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/""#

    /// An XMP APP1 segment holding one `rdf:Description` with `attributes` and `body`.
    public static func xmpSegment(namespaces: String = "", attributes: String, body: String = "") -> [UInt8] {
        let xml = #"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">"#
            + description + " " + namespaces + " " + attributes + ">" + body + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>"
        let payload = Array("http://ns.adobe.com/xap/1.0/\u{0}".utf8) + Array(xml.utf8)
        return [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// `jpeg` with `segments` inserted after its leading APP0 segments.
    public static func inserting(_ segments: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF, jpeg[at + 1] == 0xE0 { at += 2 + Int(jpeg[at + 2]) << 8 + Int(jpeg[at + 3]) }
        return Array(jpeg[..<at]) + segments + Array(jpeg[at...])
    }

    /// A Google `Container:Directory` body: the primary, then items of (semantic, mime, length).
    public static func directory(_ items: [(String, String, Int)]) -> String {
        let li = { (semantic: String, mime: String, length: Int, padding: String) in
            #"<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="\#(mime)" Item:Semantic="\#(semantic)" Item:Length="\#(length)"\#(padding)/></rdf:li>"#
        }
        return "<Container:Directory><rdf:Seq>" + li("Primary", "image/jpeg", 0, #" Item:Padding="0""#)
            + items.map { li($0.0, $0.1, $0.2, "") }.joined() + "</rdf:Seq></Container:Directory>"
    }

    /// OPPO / OnePlus / realme: Google v1 whose MotionPhoto item counts the MP4 and a maker
    /// trailer after it; `OpCamera:VideoLength` is the MP4's own length.
    public static func oppo(_ jpeg: [UInt8], video: [UInt8], trailer: [UInt8], videoLength: Int? = nil) -> [UInt8] {
        let xmp = xmpSegment(namespaces: #"xmlns:OpCamera="http://ns.oplus.com/photos/1.0/camera/""#,
                             attributes: #"GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000""#
                                + #" OpCamera:MotionPhotoOwner="oplus" OpCamera:OLivePhotoVersion="2" OpCamera:VideoLength="\#(videoLength ?? video.count)""#,
                             body: directory([("MotionPhoto", "video/mp4", video.count + trailer.count)]))
        return inserting(xmp, into: jpeg) + video + trailer
    }

    /// Xiaomi: MicroVideo with `MicroVideoOffset` from the end, a second XMP packet (MiCamera)
    /// before the Google one, and watermark images between the EOI and the MP4.
    public static func xiaomi(_ jpeg: [UInt8], video: [UInt8], watermark: [UInt8], offset: Int? = nil) -> [UInt8] {
        let mi = xmpSegment(namespaces: #"xmlns:MiCamera="http://ns.xiaomi.com/photos/1.0/camera/""#,
                            attributes: #"MiCamera:XMPMeta="&lt;?xml version='1.0' ?&gt;&lt;watermark/&gt;""#)
        let google = xmpSegment(attributes: #"GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\#(offset ?? video.count)""#
                                + #" GCamera:MicroVideoPresentationTimestampUs="400000""#)
        return inserting(mi + google, into: jpeg) + watermark + video
    }

    /// LG (and WeChat exports of Xiaomi files): the MP4 right after the EOI, no XMP.
    public static func lg(_ jpeg: [UInt8], video: [UInt8]) -> [UInt8] { jpeg + video }

    /// vivo: the `vivo{…}` block naming the live-photo id, then `cameralbum!/<id>` last.
    public static func vivo(_ jpeg: [UInt8], jsonID: String?, albumID: String) -> [UInt8] {
        let key = jsonID.map { #""com.android.camera.livephoto":"\#($0)","# } ?? ""
        return jpeg + Array(#"vivo{"version":"1",\#(key)"watermark":"0"}"#.utf8) + Array("cameralbum!/\(albumID)".utf8)
    }
}
