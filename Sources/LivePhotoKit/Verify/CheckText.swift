import Foundation

/// Numbers in check details, written as `String(format:)` writes them but without it:
/// Foundation's formatter was the largest single cost of the checks in `verify DIR`.
enum CheckText {
    /// `tick / timescale` seconds with three decimals and " s" ("%.3f s"), rounded from the
    /// exact ratio (a midpoint goes away from zero, where the formatter may differ by 0.001).
    static func seconds(_ tick: Int64, timescale: UInt32) -> String {
        guard timescale > 0 else { return String(format: "%.3f s", Double(tick) / Double(timescale)) }
        let ts = Int128(timescale)
        let scaled = Int128(tick).magnitude * 1000
        let millis = (scaled + ts.magnitude / 2) / ts.magnitude
        let whole = millis / 1000, fraction = millis % 1000
        let padding = fraction < 10 ? "00" : fraction < 100 ? "0" : ""
        return "\(tick < 0 && millis > 0 ? "-" : "")\(whole).\(padding)\(fraction) s"
    }

    /// A size with no decimals ("%.0f"); the formatter only for a fractional or huge value.
    static func whole(_ value: Double) -> String {
        guard value == value.rounded(), abs(value) < 1e15 else { return String(format: "%.0f", value) }
        return String(Int64(value))
    }
}
