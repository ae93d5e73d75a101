/// One finding of `scan`: a pair (or would-be pair) of files, or one file on its own.
public struct LibraryFinding: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A still and a movie with the same identifier and one still-image-time track.
        case paired
        /// A name-matched still and movie whose identifiers differ.
        case identifierMismatch = "identifier-mismatch"
        /// A still with an identifier that no movie carries.
        case stillWithoutMovie = "still-without-movie"
        /// A movie with an identifier that no still carries.
        case movieWithoutStill = "movie-without-still"
        /// A still and a movie that belong together and are not paired yet, `matchedBy` says how:
        /// by identifier (the movie lacks its still-image-time track) or by name, what `pair DIR`
        /// pairs; or by capture time alone (names differ), what `pair DIR --by-time` also pairs.
        case candidate
        /// A name-matched still and movie whose capture times are known and differ by more
        /// than `CaptureTimeMatch.tolerance` (left alone by `pair DIR`).
        case captureTimeMismatch = "capture-time-mismatch"
        /// A file that could not be read.
        case unreadable
        /// An Android Motion Photo (a still with its video inside, or a vivo still with its video
        /// beside it, named in `movie`): what `convert DIR` converts.
        case motionPhoto = "motion-photo"
        /// A JPEG whose XMP promises a Motion Photo video that is not in it (gone, or stale
        /// offsets), with no split-off video (`X.MP`, `X.MP.mp4`) beside it to pair with.
        case motionPhotoWithoutVideo = "motion-photo-without-video"
        /// A still (or movie) taken at the same moment as several movies (stills) of other names
        /// in its folder: `matches` names them; never paired by time.
        case captureTimeAmbiguous = "capture-time-ambiguous"
        /// One identifier carried by several stills or several movies (copies of a Live
        /// Photo); `copies` names them. Each copy is also in its own finding (paired inside its folder).
        case duplicateIdentifier = "duplicate-identifier"
    }

    /// How a `candidate`'s files were found to belong together.
    public enum MatchBasis: String, Codable, Sendable {
        case identifier, name
        case captureTime = "capture-time"
    }

    public var finding: Kind
    public var still: String?
    public var movie: String?
    public var identifier: String?
    public var stillIdentifier: String?
    public var movieIdentifier: String?
    public var detail: String?
    /// `motion-photo` only: layout, video length (bytes, seconds) and presentation time.
    public var motionPhoto: MotionPhotoSummary? = nil
    /// `duplicate-identifier` only: every file carrying the identifier, stills first, in path order.
    public var copies: [String]? = nil
    /// `candidate` only: how its files were matched.
    public var matchedBy: MatchBasis? = nil
    /// `capture-time-ambiguous` only: the files of the other kind taken at the same moment.
    public var matches: [String]? = nil

    public init(finding: Kind, still: String? = nil, movie: String? = nil, identifier: String? = nil,
                stillIdentifier: String? = nil, movieIdentifier: String? = nil, detail: String? = nil) {
        self.finding = finding; self.still = still; self.movie = movie; self.identifier = identifier
        self.stillIdentifier = stillIdentifier; self.movieIdentifier = movieIdentifier; self.detail = detail
    }

    /// Whether the finding names both a still and a movie.
    public var isPair: Bool { still != nil && movie != nil }
}

/// Everything `scan` found in a set of folders.
public struct LibraryScan: Sendable {
    public var findings: [LibraryFinding]
    /// Files read (stills and movies by extension).
    public var filesRead: Int
    /// Folders given that could not be walked: (path, reason).
    public var unreadableFolders: [(path: String, reason: String)]
    /// What was read from each file, so `verify DIR` need not read a still again.
    public var files: [ScannedFile] = []
    /// What a killed `pair` left beside each file (only files with leftovers), from the scan's
    /// own folder listing.
    var leftovers: [String: InterruptedPairLeftovers] = [:]

    public func count(_ kind: LibraryFinding.Kind) -> Int { findings.filter { $0.finding == kind }.count }
    /// The candidates `pair DIR` pairs: matched by identifier or name; by capture time only with
    /// `byTime`; and a vivo still with its video beside it (a `motion-photo` naming both).
    public func candidates(byTime: Bool) -> [LibraryFinding] {
        findings.filter { ($0.finding == .candidate && (byTime || $0.matchedBy != .captureTime)) || ($0.finding == .motionPhoto && $0.isPair) }
    }
    public var candidates: [LibraryFinding] { candidates(byTime: false) }
    /// Live Photos whose movie has no date (`mvhd` creation time 0, no creationdate read), as
    /// Takeout leaves them, and whose still has a capture time: `pair DIR` gives it to the movie.
    public var pairsWithUndatedMovie: [LibraryFinding] {
        let undatedMovies = Set(files.filter { $0.role == .movie && $0.captureTime == nil && $0.headerCreationTime == nil }.map(\.path))
        let datedStills = Set(files.filter { $0.role == .still && $0.captureTime != nil }.map(\.path))
        return findings.filter { f in
            f.finding == .paired && f.movie.map(undatedMovies.contains) == true && f.still.map(datedStills.contains) == true
        }
    }
    /// The findings `verify DIR` verifies: each naming a still and a movie, but for candidates
    /// matched by capture time alone (a guess until `pair --by-time` makes them a pair).
    public var pairs: [LibraryFinding] { findings.filter { $0.isPair && $0.matchedBy != .captureTime } }
}
