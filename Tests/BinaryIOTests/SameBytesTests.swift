import Foundation
import Testing
import TestSupport
import PropertyBased
@testable import BinaryIO

/// `FileSource.sameBytes`: two lists of ranges, in two files, hold the same bytes in order
/// however each list cuts them into pieces; one byte changed anywhere, or one byte fewer, and
/// they do not. Compared a chunk at a time, so a difference just past a chunk counts too.
@Suite("FileSource: the same bytes in two lists of ranges")
struct SameBytesTests {
    /// `content` cut into pieces laid out in a file with junk before, between and after them;
    /// the file's bytes and the pieces' ranges.
    static func scattered(_ content: [UInt8], using rng: inout SplitMix64) -> (bytes: [UInt8], ranges: [Range<UInt64>]) {
        var bytes: [UInt8] = [], ranges: [Range<UInt64>] = [], at = 0
        while true {
            bytes += (0..<Int.random(in: 0...5, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let n = at == content.count ? 0 : Int.random(in: 0...(content.count - at), using: &rng)
            if n > 0 || Bool.random(using: &rng) {   // empty ranges too: they hold nothing
                ranges.append(UInt64(bytes.count)..<UInt64(bytes.count + n))
                bytes += content[at..<at + n]
                at += n
            }
            if at == content.count && Bool.random(using: &rng) { return (bytes, ranges) }
        }
    }

    @Test("any two cuts of the same bytes are the same; a byte changed or dropped is not")
    func anyCuts() async throws {
        let dir = try TempDir()
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 0...Int.max)) { seed in
            await Support.failingOnThrow {
                var rng = SplitMix64(seed: UInt64(seed))
                let content = (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                let a = Self.scattered(content, using: &rng), b = Self.scattered(content, using: &rng)
                let fa = try FileSource(path: try dir.write("a", a.bytes)), fb = try FileSource(path: try dir.write("b", b.bytes))
                #expect(fa.sameBytes(a.ranges, as: fb, b.ranges))
                #expect(fb.sameBytes(b.ranges, as: fa, a.ranges))
                guard !content.isEmpty else { return }
                // One byte of the content changed in b's file.
                let k = Int.random(in: 0..<content.count, using: &rng)
                var changed = b.bytes
                changed[Self.position(of: k, in: b.ranges)] ^= UInt8.random(in: 1...255, using: &rng)
                let fc = try FileSource(path: try dir.write("c", changed))
                #expect(!fa.sameBytes(a.ranges, as: fc, b.ranges), "content byte \(k) of \(content.count) changed")
                // b's last byte of content left out: one byte fewer.
                var shorter = b.ranges
                let last = try #require(shorter.lastIndex { !$0.isEmpty })
                shorter[last] = shorter[last].lowerBound..<shorter[last].upperBound - 1
                #expect(!fa.sameBytes(a.ranges, as: fb, shorter))
            }
        }
    }

    /// Where content byte `k` lies in a file cut into `ranges`.
    static func position(of k: Int, in ranges: [Range<UInt64>]) -> Int {
        var left = k
        for r in ranges {
            if left < r.count { return Int(r.lowerBound) + left }
            left -= r.count
        }
        return -1
    }

    @Test("a difference in the byte after the first chunk (1 MiB), or in the last byte, is found",
          arguments: [1 << 20, (1 << 20) - 1, 3 << 20])
    func pastTheFirstChunk(flipped: Int) throws {
        let dir = try TempDir()
        var rng = SplitMix64(seed: 7)
        let content = (0..<(3 << 20) + 1).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let a = try FileSource(path: try dir.write("a", content))
        // The same bytes one byte further into the file, in two ranges cut off the chunk's edge.
        let b = try FileSource(path: try dir.write("b", [0x55] + content))
        let cut = UInt64(1 << 19)
        let bRanges: [Range<UInt64>] = [1..<1 + cut, 1 + cut..<UInt64(content.count) + 1]
        #expect(a.sameBytes([0..<UInt64(content.count)], as: b, bRanges))
        var changed = content
        changed[flipped] ^= 0x01
        let c = try FileSource(path: try dir.write("c", [0x55] + changed))
        #expect(!a.sameBytes([0..<UInt64(content.count)], as: c, bRanges))
    }

    @Test("ranges past the end of their file are not the same, however equal their lengths")
    func unreadable() throws {
        let dir = try TempDir()
        let a = try FileSource(path: try dir.write("a", [1, 2, 3])), b = try FileSource(path: try dir.write("b", [1, 2, 3]))
        #expect(a.sameBytes([0..<3], as: b, [0..<3]))
        #expect(!a.sameBytes([1..<4], as: b, [1..<4]))
        #expect(!a.sameBytes([0..<3], as: b, [0..<2, 2..<4]))
    }
}
