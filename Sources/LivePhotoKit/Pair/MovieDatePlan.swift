import ISOBMFF

/// What `pair` reports about the date of a movie that had none (`mvhd` creation time 0 and no
/// `com.apple.quicktime.creationdate`): what it wrote (or, in a dry run, would write) from the
/// still's capture time, or why it wrote nothing. Absent for a movie that has a date: it keeps it.
public struct MovieDate: Codable, Equatable, Sendable {
    public enum Source: String, Codable, Sendable {
        /// The still's EXIF DateTimeOriginal (in the zone of its first EXIF offset, `CaptureTime.exif(_:)`).
        case exif
        /// The `photoTakenTime` of the Google Takeout sidecar beside the still.
        case takeoutSidecar = "takeout-sidecar"
    }

    /// The `com.apple.quicktime.creationdate` written, e.g. "2024-06-01T12:00:00+0200"; nil
    /// when the still has no capture time either.
    public var creationDate: String?
    /// The instant written into `mvhd`/`tkhd`/`mdhd`, in UTC ("2024-06-01T10:00:00+0000");
    /// nil when the still's zone is unknown (then those times stay unset).
    public var headerTimes: String?
    public var source: Source?
    /// The sidecar read, with `source` `takeout-sidecar`.
    public var sidecar: String?
    public var note: String?
}

/// The date edit of a plan: decided in `PairPlanner` from the movie and the still's capture
/// time, applied to the movie edit beside the identifier, so it is committed with it.
struct MovieDatePlan: Equatable {
    let creationDate: String
    /// Seconds since 1904-01-01 UTC; nil when the zone is unknown.
    let headerSeconds: UInt64?

    /// Whether the movie has a date of its own (and so keeps it): a `creationdate` item (in
    /// `moov/meta` or `moov/udta/meta`) or a non-zero `mvhd` creation time.
    static func movieHasDate(_ movie: Movie) -> Bool {
        movie.header.creationTime != 0 || !(movie.creationDate ?? "").allSatisfy { $0 == " " || $0 == "\0" }
    }

    /// Nil (and no report) for a movie with a date; else what to write from `still`'s time and
    /// what to report (also when there is nothing to write).
    static func decide(movie: Movie, still: () -> StillCaptureTime.Lookup) -> (plan: MovieDatePlan?, report: MovieDate?) {
        guard !movieHasDate(movie) else { return (nil, nil) }
        let lookup = still()
        var notes = lookup.notes
        guard let found = lookup.found else {
            notes.append("the movie has no date and the still no capture time (EXIF or Takeout sidecar): left without one")
            return (nil, MovieDate(note: notes.joined(separator: "; ")))
        }
        let time = found.time
        let plan = MovieDatePlan(creationDate: time.quickTimeCreationDate, headerSeconds: time.secondsSince1904)
        let utc = time.absolute.map { CaptureTime(wallClock: $0, utcOffset: 0).quickTimeCreationDate }
        var report = MovieDate(creationDate: plan.creationDate, headerTimes: plan.headerSeconds == nil ? nil : utc)
        switch found.source {
        case .exif:
            report.source = .exif
            if time.utcOffset == nil {
                notes.append("the still's EXIF time has no zone (no OffsetTimeOriginal, OffsetTimeDigitized or OffsetTime): creationdate written as local time without an offset; mvhd/tkhd/mdhd times left unset")
            }
        case .takeoutSidecar(let path):
            report.source = .takeoutSidecar
            report.sidecar = path
            notes.append("the still has no EXIF capture time: the Takeout sidecar's photoTakenTime is an instant whose zone is unknown, written in UTC")
        }
        report.note = notes.isEmpty ? nil : notes.joined(separator: "; ")
        return (plan, report)
    }

    /// Writes the date into the movie edit (after the identifier: a track the edit added gets
    /// the date too); the fields a version 0 box cannot hold are noted in `report`.
    func apply(to edit: MovieRewritePlan, report: inout MovieDate?) throws {
        try MovieMetadataEdit.setString(creationDate, forKey: Movie.creationDateKey, in: edit)
        guard let headerSeconds else { return }
        let result = MovieTimesEdit.setUnsetHeaderTimes(headerSeconds, in: edit.moov)
        if result.fieldsTooNarrow > 0 {
            let note = "\(result.fieldsTooNarrow) mvhd/tkhd/mdhd time fields left unset: their version 0 boxes cannot hold a time after 2040-02-06"
            let earlier = report?.note
            report?.note = [earlier, note].compactMap { $0 }.joined(separator: "; ")
        }
    }
}
