/// The result of pairing, making or verifying one pair found in a folder.
public struct BatchOutcome: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable, CaseIterable {
        // pair
        case paired
        case alreadyPaired = "already-paired"
        case dryRun = "dry-run"
        /// A signal stopped the batch before this pair was committed: it is left as it was.
        case interrupted
        // make
        case made
        case alreadyMade = "already-made"
        // verify
        case valid
        case invalid
        /// Any command: the pair (or a file the scan found) could not be worked on; see `error`.
        case failed

        public init(_ pair: PairResult.Status) {
            switch pair {
            case .paired: self = .paired
            case .alreadyPaired: self = .alreadyPaired
            case .dryRun: self = .dryRun
            }
        }

        public init(_ make: MakeResult.Status) {
            switch make {
            case .made: self = .made
            case .alreadyMade: self = .alreadyMade
            case .dryRun: self = .dryRun
            }
        }
    }

    /// pair and make: the pair as it now is (or, `--dry-run`, would be): with `-o DIR`, or an MP4
    /// copied to a `.MOV`, the new files, never an input left as it was. verify, failed and
    /// interrupted: the files found.
    public var still: String?
    public var movie: String?
    public var status: Status
    public var identifier: String?
    public var stillTime: Double?
    /// pair: what happened to the still-image-time track (`kept`, `moved`, `added`).
    public var stillImageTime: StillImageTimeOutcome? = nil
    /// pair: why a track was replaced, or that extra tracks were removed.
    public var stillImageTimeNote: String? = nil
    /// pair: the date written into a movie that had none (see `PairResult.movieDate`).
    public var movieDate: MovieDate? = nil
    /// verify: the names of the checks that failed at error level (what makes the pair invalid).
    public var failedChecks: [String]?
    /// verify: the names of the checks that failed at warning level (the pair stays valid).
    public var warningChecks: [String]?
    /// Why it failed (`failed` only): the one-line reason, naming the file.
    public var error: String?
    /// The exit code this outcome alone would give.
    public var exitCode: ExitStatus
}
