import Testing
import PropertyBased
import TestSupport
@testable import VideoFrames

/// The size a wallpaper re-encode writes: the long side brought down to the limit (never up),
/// the aspect kept to within rounding, both sides even (4:2:0 chroma) and at least 2.
@Suite("Encoder output size")
struct EncoderOutputSizeTests {
    @Test func examples() {
        let cases: [(Int, Int, Int?, Int, Int)] = [(1920, 1080, 1280, 1280, 720), (1080, 1920, 1440, 810, 1440), (4032, 3024, 1920, 1920, 1440),
                                                   (1920, 1080, nil, 1920, 1080), (1921, 1081, nil, 1920, 1080), (1920, 1080, 1920, 1920, 1080),
                                                   (1920, 1080, 0, 1920, 1080), (1920, 1080, -5, 1920, 1080), (1, 1, nil, 2, 2), (3, 3, 2, 2, 2),
                                                   (1000, 10, 100, 100, 2)]
        for (w, h, limit, ew, eh) in cases {
            let size = EncoderFrameConverter.outputSize(width: w, height: h, maximumLongSide: limit)
            #expect(size.width == ew && size.height == eh, "\(w)x\(h) limit \(String(describing: limit)): \(size)")
        }
    }

    @Test func anySizeAndLimit() async {
        await propertyCheck(count: 500, input: Gen.nearEnds(in: 1...8192), Gen.nearEnds(in: 1...8192), Gen.nearEnds(in: 2...8192)) { width, height, limit in
            let size = EncoderFrameConverter.outputSize(width: width, height: height, maximumLongSide: limit)
            #expect(size.width % 2 == 0 && size.height % 2 == 0 && size.width >= 2 && size.height >= 2)
            let long = max(width, height)
            if long <= limit {
                #expect(size.width == max(2, width & ~1) && size.height == max(2, height & ~1), "not scaled: \(width)x\(height) limit \(limit)")
            } else {
                #expect(max(size.width, size.height) == max(2, limit & ~1), "the long side at the limit: \(width)x\(height) limit \(limit) → \(size)")
                let short = Double(min(width, height)) * Double(limit) / Double(long)
                #expect(Double(min(size.width, size.height)) >= max(short, 2) - 1.5 && Double(min(size.width, size.height)) <= max(short, 2) + 0.5,
                        "the short side to scale: \(width)x\(height) limit \(limit) → \(size)")
            }
        }
    }
}
