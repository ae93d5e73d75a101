import Foundation
import Testing
import BinaryIO
@testable import LivePhotoKit

/// `ConvertedBefore.sameBytes` compares two byte ranges: two empty ranges hold the same bytes
/// (nothing), wherever they are; only a start past its end makes a range unequal to anything.
@Suite("ConvertedBefore.sameBytes: empty ranges are equal, a reversed one never")
struct ConvertedBeforeEmptyRangeTests {
    @Test("empty ranges at different places (the file's end included) compare equal; a start past its end does not")
    func emptyRanges() throws {
        let a = try FileSource(path: Support.fixture("still-no-exif.jpg"))
        let b = try FileSource(path: Support.fixture("still-exif-icc-xmp.jpg"))
        #expect(ConvertedBefore.sameBytes(a, from: 5, to: 5, b, from: 9, to: 9))
        #expect(ConvertedBefore.sameBytes(a, from: a.size, to: a.size, b, from: 0, to: 0))
        #expect(ConvertedBefore.sameBytes(a, from: 0, to: 2, b, from: 0, to: 2), "both start with SOI")
        #expect(!ConvertedBefore.sameBytes(a, from: 0, to: 0, b, from: 0, to: 2), "empty against two bytes")
        #expect(!ConvertedBefore.sameBytes(a, from: 6, to: 5, b, from: 6, to: 5), "a start past its end")
    }
}
