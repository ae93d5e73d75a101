import Testing
import PropertyBased
import TestSupport
@testable import VideoFrames

/// `make` turns a frame the way the movie's display matrix shows it (EXIF Orientation 3, 6 or
/// 8) when the still's readers would not: for every size, the corners land where a viewer
/// shows them, and turns compose as rotations do.
@Suite("RGB frame turned by EXIF Orientation")
struct RGBFrameOrientationTests {
    static func frame(_ width: Int, _ height: Int, seed: Int) -> RGBFrame {
        var state = UInt64(truncatingIfNeeded: seed) | 1
        let pixels = (0..<(width * height * 3)).map { _ -> UInt8 in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        let colour = FrameColour(matrix: 1, fullRange: false, primaries: 1, transfer: 1, bitDepth: 8, matrixSource: .bitstream)
        return RGBFrame(width: width, height: height, pixels: pixels, colour: colour, warnings: [], sampleIndex: 0, compositionTime: 0)
    }

    static func pixel(_ f: RGBFrame, _ x: Int, _ y: Int) -> [UInt8] { Array(f.pixels[((y * f.width + x) * 3)..<((y * f.width + x) * 3 + 3)]) }

    @Test func everySizeAndOrientation() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 1...9), Gen.nearEnds(in: 1...9), Gen.int(in: 0...Int.max)) { width, height, seed in
            let f = Self.frame(width, height, seed: seed)
            for o in [0, 1, 2, 4, 5, 7, 9] {
                let same = f.oriented(exifOrientation: o)
                #expect(same.width == width && same.height == height && same.pixels == f.pixels, "orientation \(o) leaves it")
            }
            let r180 = f.oriented(exifOrientation: 3), cw = f.oriented(exifOrientation: 6), ccw = f.oriented(exifOrientation: 8)
            #expect((r180.width, r180.height) == (width, height) && (cw.width, cw.height) == (height, width) && (ccw.width, ccw.height) == (height, width))
            // Every source pixel (x, y) where a viewer shows it.
            for y in 0..<height {
                for x in 0..<width {
                    let p = Self.pixel(f, x, y)
                    #expect(Self.pixel(r180, width - 1 - x, height - 1 - y) == p)
                    #expect(Self.pixel(cw, height - 1 - y, x) == p, "90° clockwise: the top row becomes the right column")
                    #expect(Self.pixel(ccw, y, width - 1 - x) == p, "90° anticlockwise: the top row becomes the left column")
                }
            }
            #expect(cw.oriented(exifOrientation: 6).pixels == r180.pixels && cw.oriented(exifOrientation: 8).pixels == f.pixels)
            #expect(r180.oriented(exifOrientation: 3).pixels == f.pixels)
        }
    }
}
