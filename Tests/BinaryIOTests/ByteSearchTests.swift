import Testing
import PropertyBased
import TestSupport
import BinaryIO

/// `ByteSearch` answers as a plain search does, for needles of any length planted anywhere
/// (whole, cut short by a byte, at the very end) in bytes full of near misses, from any start.
@Suite("ByteSearch: the first copy of a run of bytes, as a plain search finds it")
struct ByteSearchTests {
    /// The reference: the first offset at or after `start` where `needle` is a contiguous run of `hay`.
    static func reference(_ needle: [UInt8], _ hay: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, start >= 0, hay.count >= needle.count, start <= hay.count - needle.count else { return nil }
        return (start...(hay.count - needle.count)).first { Array(hay[$0..<$0 + needle.count]) == needle }
    }

    @Test("agrees with a plain search: needles of 1 to 12 bytes, planted whole, cut short or twice, searched from any start")
    func agreesWithReference() async {
        await propertyCheck(count: 500, input: Gen.int(in: 0...Int.max), Gen.nearEnds(in: 0...4), Gen.nearEnds(in: 0...140)) { seed, mode, start in
            var rng = SplitMix64(seed: UInt64(seed))
            let needle = (0..<Int.random(in: 1...12, using: &rng)).map { _ in UInt8.random(in: 0...3, using: &rng) }
            // Bytes from the needle's own alphabet (and 0xFF), so partial matches are common.
            var hay = (0..<Int.random(in: 0...120, using: &rng)).map { _ in Bool.random(using: &rng) ? needle[Int.random(in: needle.indices, using: &rng)] : 0xFF }
            let at = Int.random(in: 0...hay.count, using: &rng)
            switch mode {
            case 0: break
            case 1: hay.insert(contentsOf: needle, at: at)
            case 2: hay.insert(contentsOf: needle.dropLast(), at: at)       // one byte short
            case 3: hay += needle                                         // at the very end
            default: hay.insert(contentsOf: needle, at: at); hay += needle
            }
            let from = start % (hay.count + 2)
            #expect(ByteSearch.firstIndex(of: needle, in: hay, from: from) == Self.reference(needle, hay, from: from),
                    "seed \(seed): \(needle) in \(hay.count) bytes from \(from)")
        }
    }

    @Test("an empty needle, an empty or shorter buffer, a start past the end: not found")
    func edges() {
        #expect(ByteSearch.firstIndex(of: [], in: [1, 2, 3]) == nil)
        #expect(ByteSearch.firstIndex(of: [1], in: []) == nil)
        #expect(ByteSearch.firstIndex(of: [1, 2, 3], in: [1, 2]) == nil)
        #expect(ByteSearch.firstIndex(of: [3], in: [1, 2, 3], from: 3) == nil)
        #expect(ByteSearch.firstIndex(of: [3], in: [1, 2, 3], from: 2) == 2)
        #expect(ByteSearch.firstIndex(of: [1, 2, 3], in: [1, 2, 3]) == 0)
        #expect(ByteSearch.contains(Array("xmlns:GCamera=\"http://ns.google.com/photos/1.0/camera/\"".utf8), "http://ns.google.com/photos/1.0/"))
        #expect(!ByteSearch.contains(Array("http://ns.google.com/photos/1.0".utf8), "http://ns.google.com/photos/1.0/"))
    }
}
