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
        var parsedOne = false
        for segment in structure.segments where segment.isAPP(1) && segment.payloadPrefix.starts(with: XMPPacket.standardSignature) {
            let payload = try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: "APP1/XMP")
            if MotionPhotoReader.contains(payload, "http://ns.oplus.com/photos/1.0/camera/") { found.maker = .oppo }
            else if found.maker == .google, MotionPhotoReader.contains(payload, "http://ns.xiaomi.com/photos/1.0/camera/") { found.maker = .xiaomi }
            // Only the first packet naming Google's namespaces is parsed (the gate keeps `scan` fast).
            guard !parsedOne, MotionPhotoReader.mentionsMotionPhotoNamespace(payload) else { continue }
            parsedOne = true
            do { found.motion = (try XMPPacket.fromSegmentPayload(payload), segment.offset) } catch {
                warnings.append("the XMP could not be parsed: \(error)")
            }
        }
        return found
    }
}
