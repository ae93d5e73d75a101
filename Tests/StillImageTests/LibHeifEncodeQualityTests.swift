import Testing
@testable import StillImage

/// `LibHeif.encode`'s quality reaches the encoder: the same pixels at a low and a high quality
/// are two different files, the high one the larger; the same quality twice is the same file.
@Suite("libheif encode: the quality asked for is the quality used")
struct LibHeifEncodeQualityTests {
    @Test("quality 10 and quality 90 give different HEICs, the 90 larger; one quality twice gives the same bytes")
    func qualityReachesTheEncoder() throws {
        let pixels = LibHeifTests.gradient(width: 64, height: 48)
        let low = try LibHeif.encode(rgb: pixels, width: 64, height: 48, quality: 10)
        let high = try LibHeif.encode(rgb: pixels, width: 64, height: 48, quality: 90)
        #expect(low != high)
        #expect(high.count > low.count, "quality 90: \(high.count) bytes, quality 10: \(low.count)")
        #expect(try LibHeif.encode(rgb: pixels, width: 64, height: 48, quality: 90) == high)
    }
}
