import ISOBMFF

/// Everything `pair` decides for one still and one movie before a byte is written: the
/// identifier, the still time (movie ticks), the movie edit (planned in memory), the still
/// edit, the write method and the output paths. `PairPlanner` builds it, reading each file
/// once; `PairExecutor` carries it out through one commit path (`PairCommit`). `make` builds
/// one for the still it made; a new way to pair (a wallpaper layout, export repair, batch)
/// adds a variant here, not a new path.
struct PairPlan {
    /// What the still is, told once from its content.
    enum StillKind {
        case jpeg
        /// Parsed once, here; the HEIC edit works on this parse.
        case heic(HEICStill)
    }

    enum Action {
        /// Already paired (in place, or in the outputs): nothing is written; what a run killed
        /// after its commit left beside these paths (its still backup) is removed.
        case nothing(leftoversBeside: [String])
        case write(PairWrite)
    }

    /// What is reported (also by a dry run, which stops at the plan).
    var report: PairResult
    let action: Action
}

/// The writes of a plan.
struct PairWrite {
    let stillPath: String
    let moviePath: String
    let identifier: String
    let outputs: OutputPaths
    let targets: WriteTargets
    /// Inputs whose leftovers were already removed while planning (before the hard-link check).
    let cleaned: [String]
    /// The still's write, decided with its method before a dry run returns.
    let stillPlan: StillWritePlan
    /// The movie's new `moov` and appended samples; nil when the movie is left as it is.
    let movieEdit: MovieRewritePlan?
    /// The date given to a movie that had none (already applied to `movieEdit`); nil when the
    /// movie keeps its own, or neither file has one.
    let movieDate: MovieDatePlan?
    /// Decided once, in `PairPlanner.writeMethod`.
    let method: MovieWriteMethod
    /// `--faststart` in place when the new `moov` fits over the old one and its padding.
    let growth: InPlaceMoovGrowth?
    let faststart: Bool

    /// Written in place at the end of the file (no new file, no directory entry).
    var movieInPlaceTail: Bool { method == .tailAppend }
}
