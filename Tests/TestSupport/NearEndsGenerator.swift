import PropertyBased

extension Gen where Value: FixedWidthInteger & Sendable {
    /// Integers of `range` as `value(in:)` draws them, except that one draw in four is one of the
    /// range's two ends or the value just inside either. A bound in the code under test usually
    /// sits at an end of the domain a property draws from (one thread, a timescale of 1, a side
    /// of one pixel), and uniform draws miss it: 100 draws from 1...512 never hold 1 five times
    /// in six. Shrinking is `value(in:)`'s.
    public static func nearEnds(in range: ClosedRange<Value>) -> Generator<Value, Shrink.Integer<Value>> {
        let low = range.lowerBound, high = range.upperBound
        let ends = [low, low == high ? low : low + 1, low == high ? high : high - 1, high]
        return Generator(run: { rng in
            if UInt8.random(in: 0...3, using: &rng) == 0 { return ends[Int.random(in: 0...3, using: &rng)] }
            return Value.random(in: range, using: &rng)
        }, shrink: { $0.shrink(within: range) })
    }
}
