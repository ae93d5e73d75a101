import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Where a JPEG's image ends: the offset just past its EOI marker. Walks the entropy-coded
/// data after the first SOS (stuffed `FF 00`, restart markers, and the table and scan
/// segments of a progressive image) in bounded windows; whatever follows is a trailer. Every
/// Motion Photo read walks its whole image, so the walk jumps from `FF` to `FF`
/// with `memchr` through 1 MiB windows (a 12 MP image: 3 reads, not 50, and no per-byte loop),
/// and a segment between scans is skipped within the window it lies in.
public enum JPEGImageEnd {
    /// A progressive image has a few dozen segments between scans; the bound stops a hostile file.
    static let maximumSegments = 100_000

    public static func find(_ source: FileSource, structure: JPEGStructure) throws -> UInt64 {
        var position = structure.scanHeader.endOffset
        var segments = 0
        let window = 1 << 20
        while position < source.size {
            let bytes = try source.readUpTo(at: position, count: window + 1)
            var i = 0
            var next: UInt64? = nil
            while i + 1 < bytes.count {
                guard let ff = nextFF(in: bytes, from: i) else { break }
                i = ff
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
                let after = at + 2 + length
                // Inside this window: go on from there; else read the window that starts there.
                if after < position + UInt64(bytes.count) - 1 { i = Int(after - position); continue }
                next = after
                break
            }
            if let next { position = next } else { position += UInt64(max(1, bytes.count - 1)) }
        }
        throw ParseError(.truncated, "the image data ends without an EOI marker", path: "JPEG", offset: source.size)
    }

    /// The index of the next `FF` at or after `start` that has a byte after it.
    static func nextFF(in bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!   // a window of at least one byte (read above)
            guard let hit = memchr(base + start, 0xFF, buffer.count - 1 - start) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }
}
