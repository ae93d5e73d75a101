import BinaryIO

/// Where a JPEG's image ends: the offset just past its EOI marker. Walks the entropy-coded
/// data after the first SOS (stuffed `FF 00`, restart markers, and the table and scan
/// segments of a progressive image) in bounded windows; whatever follows is a trailer.
public enum JPEGImageEnd {
    /// A progressive image has a few dozen segments between scans; the bound stops a hostile file.
    static let maximumSegments = 100_000

    public static func find(_ source: FileSource, structure: JPEGStructure) throws -> UInt64 {
        var position = structure.scanHeader.endOffset
        var segments = 0
        let window = 1 << 16
        while position < source.size {
            let bytes = try source.readUpTo(at: position, count: window + 1)
            var i = 0
            var next: UInt64? = nil
            while i + 1 < bytes.count {
                if bytes[i] != 0xFF { i += 1; continue }
                let m = bytes[i + 1]
                if m == 0x00 || m == 0xFF || JPEGMarker.isStandalone(m) { i += 1; continue }
                let at = position + UInt64(i)
                if m == JPEGMarker.eoi { return at + 2 }
                // A segment between scans (DHT, DQT, SOS, DRI, APPn, COM...): skip it by its length.
                segments += 1
                guard segments <= maximumSegments else {
                    throw ParseError(.tooLarge, "more than \(maximumSegments) segments in the image data", path: "JPEG/\(JPEGMarker.name(m))", offset: at)
                }
                let lengthBytes = try source.read(at: at + 2, count: 2, path: "JPEG/\(JPEGMarker.name(m))")
                let length = UInt64(lengthBytes[0]) << 8 | UInt64(lengthBytes[1])
                guard length >= 2 else { throw ParseError(.invalidValue, "segment length \(length) is less than 2", path: "JPEG/\(JPEGMarker.name(m))", offset: at + 2) }
                next = at + 2 + length
                break
            }
            if let next { position = next } else { position += UInt64(max(1, bytes.count - 1)) }
        }
        throw ParseError(.truncated, "the image data ends without an EOI marker", path: "JPEG", offset: source.size)
    }
}
