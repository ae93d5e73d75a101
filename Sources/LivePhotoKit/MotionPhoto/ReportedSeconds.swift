import ISOBMFF

/// A time a report gives in seconds (JSON, text), kept exact until then: the seconds are
/// computed when the report is written, and nothing is decided on them.
public struct ReportedSeconds: Codable, Equatable, Sendable {
    public let time: FrameTiming.ExactTime

    public init(_ time: FrameTiming.ExactTime) { self.time = time }

    /// Seconds a pair's report already holds (`PairResult.stillTime`, computed from ticks),
    /// kept exactly: a finite Double is a whole number over a power of two, so `seconds` gives
    /// back the very same number.
    public init(exactly seconds: Double) {
        // The exponent of 0 is Int.min: it is looked at only for a normal number.
        let shift = seconds.isNormal ? 52 - Int(seconds.exponent) : -1
        guard (0..<120).contains(shift) else {
            time = FrameTiming.ExactTime(0, per: 1)
            return
        }
        let whole = Int128(seconds.significandBitPattern | (1 << 52))
        time = FrameTiming.ExactTime(seconds < 0 ? -whole : whole, per: Int128(1) << shift)
    }

    /// For printing only.
    public var seconds: Double { time.seconds }

    /// A number of seconds, as every report has always written it.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }

    /// Read back to the nanosecond.
    public init(from decoder: Decoder) throws {
        let seconds = try decoder.singleValueContainer().decode(Double.self)
        let nanoseconds = seconds.isFinite && abs(seconds) < 1e18 ? Int128(Int64((seconds * 1e9).rounded())) : 0
        time = FrameTiming.ExactTime(nanoseconds, per: 1_000_000_000)
    }
}
