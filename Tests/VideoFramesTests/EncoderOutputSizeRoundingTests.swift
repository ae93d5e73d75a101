import Testing
@testable import VideoFrames

/// A re-encode brought down to a long side keeps its aspect to the nearest pixel (a half
/// rounds up) before each side is made even: the short side of a landscape frame as of a
/// portrait one, where a fraction of a half or more decides which even size it gets.
@Suite("Encoder output size: the scaled short side rounded to the nearest pixel")
struct EncoderOutputSizeRoundingTests {
    @Test("1000 wide (or high) scaled to 100: short sides of 11.4, 11.5, 11.6 and 13.5 pixels become 10, 12, 12 and 14",
          arguments: [(114, 10), (115, 12), (116, 12), (135, 14)])
    func nearestThenEven(_ short: Int, _ expected: Int) {
        let landscape = EncoderFrameConverter.outputSize(width: 1000, height: short, maximumLongSide: 100)
        #expect(landscape.width == 100 && landscape.height == expected, "1000x\(short): \(landscape)")
        let portrait = EncoderFrameConverter.outputSize(width: short, height: 1000, maximumLongSide: 100)
        #expect(portrait.width == expected && portrait.height == 100, "\(short)x1000: \(portrait)")
    }
}
