import BinaryIO

/// When a still was taken, and where that was read: its EXIF DateTimeOriginal (in the zone of
/// its first EXIF offset, `CaptureTime.exif(_:)`), else the `photoTakenTime` of the Google Takeout sidecar
/// beside it (an instant in UTC, its zone unknown). The one answer `pair` (for a movie's date)
/// and the library matcher (for capture-time matching) both use.
public struct StillCaptureTime: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case exif
        /// The sidecar's path.
        case takeoutSidecar(String)
    }

    public var time: CaptureTime
    public var source: Source

    /// The answer and what was passed over on the way (a damaged sidecar), for the report.
    public struct Lookup: Sendable, Equatable {
        public var found: StillCaptureTime?
        public var notes: [String] = []
    }

    /// The capture time of the still at `path`, given the one its EXIF holds (nil when it has
    /// none: then, and only then, a Takeout sidecar is looked for). Never throws: a sidecar
    /// that cannot be read is a note.
    /// - Parameter jsonNamesBeside: the `.json` names a walk listed in the still's folder (see
    ///   `TakeoutSidecar.find`); nil to ask the file system for each candidate.
    public static func lookup(still path: String, exif: CaptureTime?, jsonNamesBeside: Set<String>? = nil) -> Lookup {
        if let exif { return Lookup(found: StillCaptureTime(time: exif, source: .exif)) }
        let sidecar = TakeoutSidecar.find(besideStill: path, listed: jsonNamesBeside)
        guard let found = sidecar.sidecar, let time = found.photoTakenTime else { return Lookup(found: nil, notes: sidecar.notes) }
        return Lookup(found: StillCaptureTime(time: time, source: .takeoutSidecar(found.path)), notes: sidecar.notes)
    }

    /// The same, reading the still's EXIF first (JPEG or HEIC, told by content, with our own
    /// TIFF reader); a still whose EXIF cannot be read is looked up as one without a capture time.
    public static func read(still path: String) -> Lookup {
        let facts = try? StillReading.headerFacts(path: path).facts
        return lookup(still: path, exif: CaptureTime.exif(facts?.captureDate))
    }
}
