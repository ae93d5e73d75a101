/// Whether a name-matched still and movie were taken at different times.
///
/// The rule: an EXIF time without OffsetTimeOriginal is local time of an unknown zone, so it is
/// compared with the movie's `com.apple.quicktime.creationdate` read in that date's own offset
/// (wall clock against wall clock). With the offset known, instants are compared, against the
/// creationdate or, when the movie has none, against the `mvhd` creation time. `mvhd` is meant
/// to be UTC, but many cameras write their local time there, so against it a difference that is
/// a whole time-zone offset (quarter hours, up to 14 h) is not counted. Anything else is
/// unknown, and unknown never counts as a mismatch.
public enum CaptureTimeMatch {
    /// More than this apart (seconds) is a mismatch: a Live Photo's movie starts about 1.5 s
    /// before the still.
    public static let tolerance: Int64 = 10
    /// The largest UTC offset in use (UTC+14), and the step between offsets (15 min).
    static let largestZoneOffset: Int64 = 14 * 3600
    static let zoneStep: Int64 = 900

    /// Seconds between the two capture times when both are known and they differ by more
    /// than `tolerance` (and, against `mvhd`, by more than a time-zone mistake); else nil.
    public static func mismatch(still: CaptureTime?, movieCreationDate: CaptureTime?, movieHeader: CaptureTime?) -> Int64? {
        guard let still else { return nil }
        if let date = movieCreationDate {
            let apart: Int64
            if let a = still.absolute, let b = date.absolute { apart = abs(a - b) } else { apart = abs(still.wallClock - date.wallClock) }
            return apart > tolerance ? apart : nil
        }
        guard let a = still.absolute, let b = movieHeader?.absolute else { return nil }
        let apart = abs(a - b)
        guard apart > tolerance else { return nil }
        if apart <= largestZoneOffset + tolerance {
            let fromZoneStep = apart % zoneStep
            if min(fromZoneStep, zoneStep - fromZoneStep) <= tolerance { return nil }
        }
        return apart
    }

    /// Within this (seconds) of the movie's start or of its middle, a still and a movie of
    /// different names count as taken at the same moment (`sameMoment`).
    public static let sameMomentTolerance: Int64 = 2

    /// Whether a still was taken at the same moment as a movie: its time within
    /// `sameMomentTolerance` of the movie's start or of the movie's middle (where the still of
    /// an unpaired movie sits). Compared as `mismatch` compares: instants when both zones are
    /// known, else wall clocks against the creationdate; against `mvhd` only with the still's
    /// zone known, and, unlike `mismatch`, no zone mistake is forgiven (it would match
    /// unrelated files). Unknown is never the same moment.
    public static func sameMoment(still: CaptureTime?, movieCreationDate: CaptureTime?, movieHeader: CaptureTime?, movieMilliseconds: Int64?) -> Bool {
        guard let still else { return false }
        let afterStart: Int64
        if let date = movieCreationDate {
            if let a = still.absolute, let b = date.absolute { afterStart = a - b } else { afterStart = still.wallClock - date.wallClock }
        } else if let a = still.absolute, let b = movieHeader?.absolute {
            afterStart = a - b
        } else {
            return false
        }
        guard abs(afterStart) <= largestZoneOffset + sameMomentTolerance else { return false }
        let ms = afterStart * 1000, tolerance = sameMomentTolerance * 1000
        return abs(ms) <= tolerance || abs(ms - (movieMilliseconds ?? 0) / 2) <= tolerance
    }

    /// "3 days", "2 h 5 min", "42 s": a difference for messages.
    static func describe(_ seconds: Int64) -> String {
        if seconds >= 2 * 86_400 { return "\(seconds / 86_400) days" }
        if seconds >= 3600 { return "\(seconds / 3600) h \(seconds % 3600 / 60) min" }
        if seconds >= 120 { return "\(seconds / 60) min" }
        return "\(seconds) s"
    }
}
