import ISOBMFF

/// A time a report gives in seconds (JSON, text), kept exact until then: the seconds are
/// computed when the report is written, and nothing is decided on them.
public struct ReportedSeconds: Codable, Equatable, Sendable {
    public let time: FrameTiming.ExactTime

    public init(_ time: FrameTiming.ExactTime) { self.time = time }

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
