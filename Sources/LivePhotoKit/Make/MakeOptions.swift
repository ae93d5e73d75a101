import StillImage

/// How `make` chooses the still's time, the identifier, the JPEG encoding and where it writes.
public struct MakeOptions: Sendable {
    public var identifier: PairOptions.IdentifierChoice = .automatic
    public var stillTime: PairOptions.StillTimeChoice = .middle
    /// Write the still and the paired movie into this directory instead of beside the movie.
    public var outputDirectory: String? = nil
    public var dryRun = false
    /// JPEG or HEIC (`make --still-format`).
    public var stillFormat: StillFormat = .jpeg
    /// Encoder quality 1...100 (JPEG or HEIC).
    public var quality = 92
    public var subsampling: ChromaSubsampling = .yuv420
    /// Decoder threads: 0 lets libavcodec choose; batch workers decode one frame each with 1.
    public var decoderThreads = 0
    /// Write a wallpaper-grade Live Photo (`WallpaperMake`): a new `<stem>-wallpaper` pair whose
    /// video is the source's samples when they already comply, else trimmed and re-encoded.
    public var wallpaper = false
    /// `--start`: where the wallpaper's span begins on the movie timeline (default: about
    /// `WallpaperMake.clipSeconds` around the still). A span chosen is always re-encoded.
    public var wallpaperStart: DecimalSeconds? = nil
    /// `--duration`: the span's length, 1 to 5 s.
    public var wallpaperDuration: DecimalSeconds? = nil

    /// Why `duration` cannot be a wallpaper's, or nil when it can (1 to 5 s, as iOS plays them).
    public static func wallpaperDurationProblem(_ duration: DecimalSeconds) -> String? {
        duration.isWithin(WallpaperMake.minimumSeconds, WallpaperMake.maximumSeconds) ? nil
            : "--duration must be \(WallpaperMake.minimumSeconds) to \(WallpaperMake.maximumSeconds) seconds (was \(duration))"
    }

    public init() {}

    /// The movie half, done by `pair` exactly as `pair` does it.
    var pairOptions: PairOptions {
        var p = PairOptions()
        p.identifier = identifier
        p.outputDirectory = outputDirectory
        p.dryRun = dryRun
        return p
    }
}

/// What `make` did (or, with `--dry-run`, would do).
public struct MakeResult: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// A still was written and the movie paired with it.
        case made
        /// The still already exists and carries the movie's identifier: nothing written.
        case alreadyMade = "already-made"
        case dryRun = "dry-run"
    }

    public var movie: String
    /// The still written (or that would be, or that already was).
    public var still: String
    public var movieOutput: String
    public var identifier: String
    /// Seconds on the movie timeline; the still is the frame shown there.
    public var stillTime: Double
    public var status: Status
    /// How the movie was written, as `pair` reports it.
    public var movieWrite: MovieWriteMethod
    public var width: Int
    public var height: Int
    public var codec: String?
    /// EXIF Orientation written (from the video track's display matrix).
    public var orientation: Int
    /// The YCbCr matrix and range the frame was converted from, e.g. "BT.709 limited".
    public var colour: String?
    public var warnings: [String]
}
