import Testing
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// Tick arithmetic multiplies 64-bit values in 128 bits; only hostile headers (timescales and
/// durations near their maxima, times of either sign) come near the bounds. There the product
/// saturates toward its true sign, so a comparison against it still points the right way.
@Suite("FrameTiming.product: exact, or saturated with the true sign")
struct FrameTimingProductTests {
    @Test("any 64-bit factors: the exact product")
    func exactWithin64Bits() async {
        await propertyCheck(count: 300, input: Gen.nearEnds(in: Int64.min...Int64.max), Gen.nearEnds(in: Int64.min...Int64.max)) { a, b in
            #expect(FrameTiming.product(Int128(a), Int128(b)) == Int128(a) * Int128(b), "\(a) × \(b)")
        }
    }

    @Test("factors whose product overflows 128 bits: .max for the same signs, .min for opposite ones")
    func saturatesWithTheSign() async {
        let big: ClosedRange<Int64> = (1 << 62)...Int64.max
        await propertyCheck(count: 300, input: Gen.nearEnds(in: big), Gen.nearEnds(in: big), Gen.nearEnds(in: 0...3)) { x, y, signs in
            // Each over 2^126 in size: the product is far past Int128.
            let a = Int128(x) << 64 * (signs & 1 == 0 ? 1 : -1), b = Int128(y) << 64 * (signs & 2 == 0 ? 1 : -1)
            let expected: Int128 = (a < 0) == (b < 0) ? .max : .min
            #expect(FrameTiming.product(a, b) == expected, "signs \(signs)")
        }
    }

    /// Ticks are divided rounding down (a frame's last tick) or up (the first tick at or after
    /// a start), whatever the signs: the quotient brackets the exact value.
    @Test("floor and ceiling division of any signs: q·b ≤ a < (q+1)·b for the floor, (q−1)·b < a ≤ q·b for the ceiling")
    func roundedDivision() async {
        await propertyCheck(count: 400, input: Gen.nearEnds(in: -1000...1000), Gen.nearEnds(in: -30...30)) { a, d in
            let b = d == 0 ? 7 : d
            let (x, y) = (Int128(a), Int128(b))
            let floor = FrameTiming.floorDiv(x, y), ceil = FrameTiming.ceilDiv(x, y)
            // Compared in the divisor's direction: multiply through by b's sign.
            let s: Int128 = y > 0 ? 1 : -1
            #expect(floor * y * s <= x * s && x * s < (floor + 1) * y * s, "floor(\(a) / \(b)) = \(floor)")
            #expect((ceil - 1) * y * s < x * s && x * s <= ceil * y * s, "ceil(\(a) / \(b)) = \(ceil)")
            #expect(ceil - floor == (x % y == 0 ? 0 : 1), "\(a) / \(b)")
        }
    }
}
