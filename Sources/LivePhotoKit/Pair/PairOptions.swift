import ISOBMFF
import BinaryIO

/// How `pair` chooses the identifier, the still's time and where it writes.
public struct PairOptions: Sendable {
    public enum IdentifierChoice: Sendable, Equatable {
        /// Reuse what the files carry (both equal: nothing to do; one side: that one), else a fresh UUID.
        case automatic
        /// This UUID (already normalized, upper-case).
        case given(String)
        /// A fresh UUID even when the files carry one.
        case fresh
    }

    public enum StillTimeChoice: Sendable, Equatable {
        /// The middle of the video track's presentation.
        case middle
        /// Seconds on the movie timeline.
        case seconds(Double)
        /// The presentation time of video frame N (0-based, presentation order).
        case frame(Int)
    }

    public var identifier: IdentifierChoice = .automatic
    public var stillTime: StillTimeChoice = .middle
    /// Write new files into this directory instead of editing in place.
    public var outputDirectory: String? = nil
    /// Write new files under these paths instead (`convert DIR` of a split-off Motion Photo
    /// video names them as a conversion does); takes precedence over `outputDirectory`.
    public var outputPaths: NewOutputPaths? = nil
    public var dryRun = false
    public var replaceForeignMakerNote = false
    /// Leave the written files with new modification times (`--touch`); by default each keeps
    /// the access and modification times of the file it was made from.
    public var touch = false
    /// Pair a hard-linked file by writing a new file under the given name only (`--split-hard-links`);
    /// by default such a file is refused.
    public var splitHardLinks = false
    /// Seconds to wait for another run working on the same files before giving up as busy.
    public var lockWait: Double = FileLockSet.defaultWait
    /// Polled while waiting and before committing: a requested stop rolls back an uncommitted pair.
    public var stop: StopRequest? = nil
    /// Keep (or put) `moov` before the media, through a whole-file rewrite, instead of the
    /// constant-time tail edit that leaves a new `moov` at the end.
    public var faststart = false
    /// Bring the movie into the camera's wallpaper structure (`WallpaperMovieEdit`); refused
    /// when that would need a re-encode.
    public var wallpaper = false

    public init() {}
}

/// What `pair` did (or, with `--dry-run`, would do).
public struct PairResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Both files already carried the same identifier (and the movie its track): nothing written.
        case alreadyPaired = "already-paired"
        case paired
        case dryRun = "dry-run"
    }

    public var still: String
    public var movie: String
    /// The written (or, in a dry run, to-be-written) paths.
    public var stillOutput: String
    public var movieOutput: String
    public var identifier: String
    public var stillTime: Double
    public var status: Status
    /// How the movie was written (`none` when it was not).
    public var movieWrite: MovieWriteMethod
    /// How the still was written (`none` when it was not).
    public var stillWrite: StillWriteMethod = .none
    /// What happened (or would happen) to the still-image-time track: `kept` as it was (also
    /// when already paired), its sample `moved`, or a new one `added`.
    public var stillImageTime: StillImageTimeOutcome
    /// Why an existing track was replaced, or that extra still-image-time tracks were removed.
    public var stillImageTimeNote: String?
    /// For a movie that had no date: the date written (or to be written) from the still's
    /// capture time, or why none was; nil when the movie keeps its own.
    public var movieDate: MovieDate? = nil
    /// With `--wallpaper`: the parts of the camera's structure added (or to be added); empty
    /// when the movie had them all; nil without `--wallpaper`.
    public var wallpaperAdded: [String]? = nil
}

/// Where a pair's new still and movie go when they are named by the caller.
public struct NewOutputPaths: Sendable, Equatable {
    public var still: String
    public var movie: String
    public init(still: String, movie: String) { self.still = still; self.movie = movie }
}
