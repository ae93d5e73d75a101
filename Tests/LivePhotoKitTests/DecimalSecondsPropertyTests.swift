import PropertyBased
import TestSupport
import Testing
@testable import LivePhotoKit

/// Seconds as the user wrote them become the nearest whole tick of any timescale, a half
/// rounding up, computed exactly (no binary fraction between).
@Suite("DecimalSeconds: the nearest tick, for any decimal and timescale")
struct DecimalSecondsPropertyTests {
    @Test("ticks = quotient, plus one when the remainder is half a tick or more")
    func nearestTick() async {
        await propertyCheck(input: Gen.nearEnds(in: 0...999_999), Gen.nearEnds(in: 0...999_999_999), Gen.nearEnds(in: 0...9),
                            Gen.nearEnds(in: 1...Int(UInt32.max))) { whole, fractionValue, digits, timescale in
            var scale = 1
            for _ in 0..<digits { scale *= 10 }
            let fraction = fractionValue % scale
            let fractionText = String(fraction)
            let text = digits == 0 ? "\(whole)" : "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
            guard let seconds = DecimalSeconds(text) else { Issue.record("\(text) did not parse"); return }
            let product = (Int128(whole) * Int128(scale) + Int128(fraction)) * Int128(timescale)
            let (quotient, remainder) = product.quotientAndRemainder(dividingBy: Int128(scale))
            let expected = Int64(quotient + (2 * remainder >= Int128(scale) ? 1 : 0))
            #expect(seconds.ticks(timescale: UInt32(timescale)) == expected, "\(text) s at \(timescale)")
        }
    }

    @Test("halves round up, anything less down")
    func halves() throws {
        #expect(try #require(DecimalSeconds("0.5")).ticks(timescale: 1) == 1)
        #expect(try #require(DecimalSeconds("0.49")).ticks(timescale: 1) == 0)
        #expect(try #require(DecimalSeconds("0.6")).ticks(timescale: 1) == 1)
        #expect(try #require(DecimalSeconds("1.0005")).ticks(timescale: 1000) == 1001)
        #expect(try #require(DecimalSeconds("1.0004")).ticks(timescale: 1000) == 1000)
    }
}
