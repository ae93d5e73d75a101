import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// `scan` asks of every JPEG's XMP whether it names Google's Motion Photo namespace: the
/// in-place search must answer exactly as a plain subsequence test does.
@Suite("Motion Photo namespace search")
struct MotionPhotoNamespaceSearchTests {
    static let namespace = Array("http://ns.google.com/photos/1.0/".utf8)

    /// The reference: is `needle` a contiguous run of `hay`?
    static func contains(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        guard hay.count >= needle.count else { return false }
        return (0...(hay.count - needle.count)).contains { Array(hay[$0..<$0 + needle.count]) == needle }
    }

    @Test("agrees with a plain search on text with near misses, at every position")
    func agreesWithReference() async {
        // Bytes drawn from the namespace's own letters, so partial matches are common.
        let letters = Array(Set(Self.namespace)) + [0, 0xFF]
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 0...(letters.count - 1)).array(of: 0...120),
                            Gen.nearEnds(in: 0...200), Gen.nearEnds(in: 0...3)) { picks, position, mode in await Support.failingOnThrow {
            var hay = picks.map { letters[$0] }
            switch mode {
            case 0: break                                                 // no planted copy
            case 1: hay.insert(contentsOf: Self.namespace, at: position % (hay.count + 1))
            case 2: hay.insert(contentsOf: Self.namespace.dropLast(), at: position % (hay.count + 1))   // one byte short
            default: hay += Self.namespace                                 // at the very end
            }
            #expect(MotionPhotoReader.mentionsMotionPhotoNamespace(hay) == Self.contains(hay, Self.namespace))
        } }
    }

    @Test("a payload shorter than the namespace, or empty, does not mention it")
    func shortPayloads() {
        #expect(MotionPhotoReader.mentionsMotionPhotoNamespace([]) == false)
        #expect(MotionPhotoReader.mentionsMotionPhotoNamespace(Array(Self.namespace.dropFirst())) == false)
        #expect(MotionPhotoReader.mentionsMotionPhotoNamespace(Self.namespace) == true)
    }
}
