/// LivePhotoKit's operations in one place, for programs that use the library rather than the
/// command line: each is the function the matching `livephoto` command calls, with its typed
/// result (the same value the command prints with `--json`). Errors are `LivePhotoError`s
/// (path, reason, `category` = the command's exit code) unless noted.
public enum LivePhoto {
    /// `livephoto inspect FILE`: what a still or a movie holds.
    public static func inspect(_ path: String) throws -> InspectReport {
        try Inspector.inspect(path: path)
    }

    /// `livephoto verify STILL MOVIE`: whether the two import as one Live Photo (`valid`), with
    /// every check. Throws only when a file cannot be read as a still or a movie.
    public static func verify(still: String, movie: String, strict: Bool = false, wallpaper: Bool = false) throws -> VerifyReport {
        try Verifier.verify(still: still, movie: movie, strict: strict, wallpaper: wallpaper)
    }

    /// `livephoto pair STILL MOVIE`: binds the two with one identifier, editing only metadata.
    public static func pair(still: String, movie: String, options: PairOptions = PairOptions()) throws -> PairResult {
        try PairOperation.run(still: still, movie: movie, options: options)
    }

    /// `livephoto make MOVIE`: a still from the movie's own frame, paired with it.
    public static func make(movie: String, options: MakeOptions = MakeOptions()) throws -> MakeResult {
        try MakeOperation.run(movie: movie, options: options)
    }

    /// `livephoto convert MOTION`: an Android Motion Photo becomes a still + a QuickTime movie.
    public static func convert(motionPhoto: String, options: ConvertOptions = ConvertOptions()) throws -> ConvertResult {
        try MotionPhotoToLivePhoto.run(path: motionPhoto, options: options)
    }

    /// `livephoto convert STILL MOVIE`: a Live Photo pair becomes one Motion Photo.
    public static func convert(still: String, movie: String, options: ConvertOptions = ConvertOptions()) throws -> ConvertResult {
        try LivePhotoToMotionPhoto.run(still: still, movie: movie, options: options)
    }

    /// `livephoto scan DIR...`: every finding in the folders (pairs, broken pairs, candidates,
    /// Motion Photos, unreadable files). Never throws: what cannot be read is a finding.
    public static func scan(_ folders: [String], jobs: Int = ParallelWork.defaultJobs) -> LibraryScan {
        LibraryScanner.scan(.folders(folders), jobs: jobs)
    }
}
