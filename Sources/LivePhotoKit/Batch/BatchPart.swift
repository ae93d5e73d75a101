/// One folder's share of `verify DIR`, `pair DIR` or `make DIR`: the outcomes of its work, in
/// finding order after its unreadable files.
public typealias BatchPart = FolderPart<BatchOutcome>

/// What a folder command's summary line and exit code need of the parts handed on, counted as
/// they pass (the parts themselves are not kept).
public struct BatchTally: Sendable {
    /// Outcomes naming a still and a movie, by status.
    public private(set) var pairs: [BatchOutcome.Status: Int] = [:]
    /// Outcomes for files the scan could not read.
    public private(set) var unreadableFiles = 0
    /// Every outcome, by status (`make DIR`: a movie that failed names no still).
    public private(set) var outcomes: [BatchOutcome.Status: Int] = [:]
    /// The scans' findings, by kind.
    public private(set) var findings: [LibraryFinding.Kind: Int] = [:]
    /// Candidates matched by capture time alone (`pair --by-time` pairs them).
    public private(set) var captureTimeOnlyCandidates = 0
    private var outcomesCode = ExitStatus.ok

    public init() {}

    public var pairCount: Int { pairs.values.reduce(0, +) }
    public var outcomeCount: Int { outcomes.values.reduce(0, +) }
    public func count(_ status: BatchOutcome.Status) -> Int { pairs[status] ?? 0 }
    public func count(_ kind: LibraryFinding.Kind) -> Int { findings[kind] ?? 0 }

    public mutating func add(_ part: BatchPart) {
        for o in part.work {
            outcomes[o.status, default: 0] += 1
            if o.still != nil && o.movie != nil { pairs[o.status, default: 0] += 1 } else { unreadableFiles += 1 }
        }
        for f in part.scan.findings { findings[f.finding, default: 0] += 1 }
        captureTimeOnlyCandidates += part.scan.candidates(byTime: true).count - part.scan.candidates.count
        outcomesCode = ExitStatus.combined([outcomesCode] + part.work.map(\.exitCode))
    }

    /// The run's exit code: an unreadable file or folder (3) or a refusal (4) outranks an invalid pair (1).
    public func exitCode(_ end: LibraryScanEnd) -> ExitStatus {
        ExitStatus.combined([outcomesCode], unreadableFolders: !end.unreadableFolders.isEmpty)
    }
}
