import Testing
import BinaryIO

/// A buffer handed to `ByteSearch` may be a slice of larger memory. The search looks only
/// where the whole needle fits inside the slice: the bytes just past its end are never a
/// match, not even the first byte of one.
@Suite("ByteSearch: a slice's search never matches bytes past the slice's end")
struct ByteSearchBufferEndTests {
    /// `needle` searched in the first `count` bytes of `backing` (the rest lies just past the slice).
    static func search(_ needle: [UInt8], inFirst count: Int, of backing: [UInt8]) -> Int? {
        backing.withUnsafeBytes { all in
            needle.withUnsafeBytes { n in
                ByteSearch.firstIndex(of: n, in: UnsafeRawBufferPointer(rebasing: all[0..<count]))
            }
        }
    }

    @Test("[9] and [3, 9] in [1, 2, 3] followed in memory by 9: not found; [3] and [2, 3]: found where they are")
    func needlePastTheSlice() {
        let backing: [UInt8] = [1, 2, 3, 9]
        #expect(Self.search([9], inFirst: 3, of: backing) == nil, "the 9 after the slice is not in it")
        #expect(Self.search([3, 9], inFirst: 3, of: backing) == nil, "a match may not run past the slice")
        #expect(Self.search([3], inFirst: 3, of: backing) == 2)
        #expect(Self.search([2, 3], inFirst: 3, of: backing) == 1)
        #expect(Self.search([9], inFirst: 4, of: backing) == 3, "the whole buffer holds it")
    }
}
