import Testing
@testable import VideoFrames

/// A frame of more than 8 bits (FFmpeg decodes 9-, 10- and 12-bit video) written as an 8-bit
/// still loses precision and is not tone mapped: `FrameColour.warnings` says so for every depth
/// above 8, the odd 9 too, and an 8-bit SDR frame has no warning.
@Suite("frame colour: every bit depth above 8 is warned about, 8 is not")
struct FrameColourBitDepthWarningTests {
    static func colour(bitDepth: Int) -> FrameColour {
        FrameColour(matrix: 1, fullRange: false, primaries: 1, transfer: 1, bitDepth: bitDepth, matrixSource: .bitstream)
    }

    @Test("9, 10 and 12 bits: one warning naming the depth", arguments: [9, 10, 12])
    func deeperThanEight(_ bitDepth: Int) {
        #expect(Self.colour(bitDepth: bitDepth).warnings == ["\(bitDepth)-bit video converted to an 8-bit still without tone mapping"])
    }

    @Test("8 bits, SDR, BT.709 primaries: no warning")
    func eightBits() {
        #expect(Self.colour(bitDepth: 8).warnings == [])
    }
}
