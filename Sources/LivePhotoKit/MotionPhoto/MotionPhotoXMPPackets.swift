import BinaryIO
import StillImage

/// A JPEG's standard XMP packets as a Motion Photo reader needs them: the one holding the
/// Motion Photo properties (Xiaomi files may carry a second packet, before or after it), and
/// the maker their namespaces name.
struct MotionPhotoXMPPackets {
    /// The first packet that names a Google photos namespace, parsed, and its APP1 segment.
    var motion: (packet: XMPPacket, segmentOffset: UInt64)?
    /// From the namespaces any packet declares: OPPO's `OpCamera`, Xiaomi's `MiCamera`; else google.
    var maker: MotionPhotoMaker

    static func read(_ source: FileSource, structure: JPEGStructure, warnings: inout [String]) throws -> MotionPhotoXMPPackets {
        var found = MotionPhotoXMPPackets(motion: nil, maker: .google)
        var settled = false
        for segment in structure.segments where segment.isAPP(1) && segment.payloadPrefix.starts(with: XMPPacket.standardSignature) {
            let payload = try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: "APP1/XMP")
            if ByteSearch.contains(payload, "http://ns.oplus.com/photos/1.0/camera/") { found.maker = .oppo }
            else if found.maker == .google, ByteSearch.contains(payload, "http://ns.xiaomi.com/photos/1.0/camera/") { found.maker = .xiaomi }
            // Parsed only when it names Google's namespaces (the gate keeps `scan` fast); the
            // first that holds Motion Photo properties wins, else the first parsed.
            guard !settled, MotionPhotoReader.mentionsMotionPhotoNamespace(payload) else { continue }
            do {
                let packet = try XMPPacket.fromSegmentPayload(payload)
                settled = holdsMotionPhoto(packet)
                if settled || found.motion == nil { found.motion = (packet, segment.offset) }
            } catch {
                warnings.append("the XMP could not be parsed: \(error)")
            }
        }
        return found
    }

    static func holdsMotionPhoto(_ packet: XMPPacket) -> Bool {
        packet.integer(MotionPhotoXMP.motionPhoto) == 1 || packet.integer(MotionPhotoXMP.microVideo) == 1
            || packet.containerDirectory()?.contains(where: { $0.semantic == MotionPhotoXMP.Semantic.motionPhoto }) == true
    }
}
