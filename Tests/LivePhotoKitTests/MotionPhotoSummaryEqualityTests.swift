import Foundation
import Testing
import TestSupport
import BinaryIO
@testable import LivePhotoKit

/// Two Motion Photo summaries are equal when what `scan` reports is equal: the image end
/// carried into `convert` (a cache tied to one file) is not compared, and `!=` is `==` negated.
@Suite("Motion Photo summary: equal by the reported facts, not the carried image end")
struct MotionPhotoSummaryEqualityTests {
    static func summary(videoBytes: UInt64 = 20_378, scanned: ScannedImageEnd? = nil) -> MotionPhotoSummary {
        MotionPhotoSummary(variant: .google, maker: .google, videoBytes: videoBytes, videoSeconds: 2, presentationTime: 1, scannedImageEnd: scanned)
    }

    @Test("the same facts with and without a carried image end: equal, and not unequal")
    func carriedImageEndIsNotCompared() throws {
        let carried = try #require(ScannedImageEnd(imageEnd: 100, source: FileSource(path: Support.fixture("still-no-exif.jpg"))))
        let a = Self.summary(scanned: carried), b = Self.summary()
        #expect(a == b)
        #expect(!(a != b))
        #expect(a.scannedImageEnd != b.scannedImageEnd, "the carried values do differ")
    }

    @Test("another reported fact: unequal")
    func reportedFactsAreCompared() {
        let a = Self.summary(), b = Self.summary(videoBytes: 20_379)
        #expect(a != b)
        #expect(!(a == b))
        var c = Self.summary()
        c.presentationTime = nil
        #expect(a != c)
    }
}
