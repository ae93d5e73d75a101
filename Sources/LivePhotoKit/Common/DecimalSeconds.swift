/// A number of seconds as the user wrote it ("2", "1.5", "0.033"), held exactly as
/// `numerator / 10^k`, so a span chosen on the command line reaches the edit list in integer
/// ticks with no binary fraction between.
public struct DecimalSeconds: Sendable, Equatable, CustomStringConvertible {
    public let numerator: Int64
    /// 10^k for k fraction digits.
    public let scale: Int64
    public let description: String

    /// Digits with at most one point: up to 6 before it and 9 after; no sign, no exponent.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        guard !(whole.isEmpty && fraction.isEmpty), whole.count <= 6, fraction.count <= 9,
              (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber }),
              let w = Int64(whole.isEmpty ? "0" : whole), let f = Int64(fraction.isEmpty ? "0" : fraction) else { return nil }
        var scale: Int64 = 1
        for _ in 0..<fraction.count { scale *= 10 }
        numerator = w * scale + f
        self.scale = scale
        description = text
    }

    /// The nearest whole tick of `timescale` (a half rounds up).
    public func ticks(timescale: UInt32) -> Int64 {
        let product = Int128(numerator) * Int128(timescale)
        return Int64((product + Int128(scale) / 2) / Int128(scale))
    }

    /// Whether this lies in [low, high] whole seconds (exact comparison).
    public func isWithin(_ low: Int64, _ high: Int64) -> Bool {
        numerator >= low * scale && numerator <= high * scale
    }
}
