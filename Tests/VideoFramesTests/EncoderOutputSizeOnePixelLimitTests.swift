import Testing
@testable import VideoFrames

/// A long-side limit of 1 pixel is a limit like any other (only 0 or less means none): the
/// frame is brought down to it, then to the smallest even size, 2x2.
@Suite("Encoder output size: a limit of one pixel")
struct EncoderOutputSizeOnePixelLimitTests {
    @Test("1920x1080, 1080x1920 and 3x3 limited to 1: 2x2", arguments: [(1920, 1080), (1080, 1920), (3, 3), (2, 2)])
    func onePixelLimit(_ width: Int, _ height: Int) {
        let size = EncoderFrameConverter.outputSize(width: width, height: height, maximumLongSide: 1)
        #expect(size.width == 2 && size.height == 2, "\(width)x\(height): \(size)")
    }
}
