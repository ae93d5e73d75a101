import Testing
@testable import LivePhotoKit

/// A movie's duration in whole milliseconds is exact up to half of Int64's range (the whole
/// seconds' milliseconds below `Int64.max / 2`, so adding the fraction's cannot overflow) and
/// held at `Int64.max` from there: the limit sits at half the range, not lower.
@Suite("scan: a duration in milliseconds is exact up to half of Int64's range, held at its maximum past it")
struct ScannedDurationHalfRangeTests {
    /// `UInt64(Int64.max) / 2` = 4_611_686_018_427_387_903.
    @Test("timescale 1: 4e15 s and the last whole second below the limit are exact; the first at or past it is held at Int64.max")
    func wholeSecondsAroundTheLimit() {
        #expect(ScannedFile.milliseconds(4_000_000_000_000_000, timescale: 1) == 4_000_000_000_000_000_000)
        #expect(ScannedFile.milliseconds(4_611_686_018_427_387, timescale: 1) == 4_611_686_018_427_387_000)
        #expect(ScannedFile.milliseconds(4_611_686_018_427_388, timescale: 1) == Int64.max)
    }

    @Test("a fraction on top of whole seconds just below the limit is added: timescale 600, 4e15 s and 599 ticks")
    func fractionBelowTheLimit() {
        // 4e15 s × 600 + 599 ticks: 4e18 ms for the seconds, 998 ms for the 599 ticks.
        #expect(ScannedFile.milliseconds(4_000_000_000_000_000 * 600 + 599, timescale: 600) == 4_000_000_000_000_000_998)
    }
}
