/// A count with its noun for text people read: "1 file", "2 files", "1 identifier mismatch".
/// Scripts read `--json`, whose counts are numbers; this is only for the lines printed.
public enum CountedNoun {
    /// `count` and `singular`, or `plural` (by default `singular` + "s") unless exactly one.
    public static func text(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
