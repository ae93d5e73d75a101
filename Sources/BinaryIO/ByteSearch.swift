#if canImport(Glibc)
import Glibc
#endif

/// Where a run of bytes first occurs in a buffer: `memchr` to each candidate first byte,
/// `memcmp` there, no copy per candidate. Used on every XMP packet a scan reads, on folder
/// entry names and on the windows of an `ftyp` search, so it is written once.
public enum ByteSearch {
    /// The offset in `hay` of the first copy of `needle` starting at or after `start`; nil when
    /// there is none (or `needle` is empty).
    public static func firstIndex(of needle: UnsafeRawBufferPointer, in hay: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        let n = needle.count
        guard n > 0, start >= 0, let base = hay.baseAddress, let needleBase = needle.baseAddress, hay.count >= n else { return nil }
        let first = Int32(needle[0])
        let last = hay.count - n
        var i = start
        while i <= last {
            guard let hit = memchr(base + i, first, last - i + 1) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, needleBase, n) == 0 { return at }
            i = at + 1
        }
        return nil
    }

    public static func firstIndex(of needle: [UInt8], in hay: [UInt8], from start: Int = 0) -> Int? {
        needle.withUnsafeBytes { n in hay.withUnsafeBytes { h in firstIndex(of: n, in: h, from: start) } }
    }

    public static func contains(_ hay: [UInt8], _ needle: StaticString) -> Bool {
        let n = UnsafeRawBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        return hay.withUnsafeBytes { firstIndex(of: n, in: $0) } != nil
    }
}
