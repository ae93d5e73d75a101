import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// A movie's duration reaches the capture-time match as whole milliseconds of its ticks, for
/// every timescale a header can hold: timescale 1 (whole seconds) included, 0 meaning unknown.
@Suite("scan: a movie's duration in milliseconds, for every timescale")
struct ScannedDurationTests {
    /// floor(ticks × 1000 ÷ timescale), computed at double width.
    static func expected(_ ticks: UInt64, _ timescale: UInt32) -> Int64 {
        let product = ticks.multipliedFullWidth(by: 1000)
        return Int64(UInt64(timescale).dividingFullWidth((product.high, product.low)).quotient)
    }

    @Test("any duration below a quarter of Int64's range in milliseconds is the floor of ticks × 1000 ÷ timescale")
    func exactForAnyTimescale() async {
        await propertyCheck(count: 2000, input: Gen.nearEnds(in: 0...(UInt64(Int64.max) / 4000)), Gen.nearEnds(in: 1...UInt32.max)) { ticks, timescale in
            #expect(ScannedFile.milliseconds(ticks, timescale: timescale) == Self.expected(ticks, timescale), "\(ticks) ticks at \(timescale)")
        }
    }

    @Test("whole-second and common timescales; 0 gives no duration; a duration past Int64 is held at its maximum")
    func edges() {
        #expect(ScannedFile.milliseconds(3, timescale: 1) == 3000)
        #expect(ScannedFile.milliseconds(0, timescale: 1) == 0)
        #expect(ScannedFile.milliseconds(1799, timescale: 600) == 2998)
        #expect(ScannedFile.milliseconds(90_000, timescale: 90_000) == 1000)
        #expect(ScannedFile.milliseconds(5, timescale: 0) == nil)
        #expect(ScannedFile.milliseconds(UInt64.max, timescale: 1) == Int64.max)
        #expect(ScannedFile.milliseconds(UInt64.max, timescale: UInt32.max) == Self.expected(UInt64.max, UInt32.max))
    }
}
