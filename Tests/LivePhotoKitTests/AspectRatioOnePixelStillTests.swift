import Foundation
import Testing
import TestSupport
@testable import LivePhotoKit

/// `verify`'s aspect-ratio check takes a still of any height above 0: a still one pixel high
/// matches a video of the same 320:1 shape like any other.
@Suite("verify: the aspect ratio of a still one pixel high")
struct AspectRatioOnePixelStillTests {
    @Test("a 320x1 still (its SOF0 says so) against a video whose tkhd says 320 x 1: the aspect ratio passes")
    func onePixelHighStillMatches() throws {
        let dir = try TempDir()
        var jpeg = try Support.bytes(Support.fixture("still-no-exif.jpg"))
        let sof = try #require(jpeg.indices.dropLast(9).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        // SOF0: marker, length, precision, then height and width (big-endian).
        try #require(Array(jpeg[sof + 5 ..< sof + 9]) == [0x00, 0xF0, 0x01, 0x40], "the fixture is 320x240")
        jpeg.replaceSubrange(sof + 5 ..< sof + 7, with: [0x00, 0x01])
        let still = try dir.write("still.jpg", jpeg)
        let movie = try AspectRatioSmallVideoHeightTests.movie(fixedWidth: 320 << 16, fixedHeight: 1 << 16, in: dir)
        let report = try Verifier.verify(still: still, movie: movie, decodeStill: false)
        let aspect = try #require(report.checks.first { $0.name == .aspectRatio })
        #expect(aspect.passed, "\(aspect.detail)")
        #expect(aspect.detail == "still 320x1, video 320x1")
    }
}
