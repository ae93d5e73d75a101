/// What a streaming scan's summary says, counted part by part as the findings go out (the
/// findings themselves are not kept).
public struct ScanTally: Sendable {
    private var counts: [LibraryFinding.Kind: Int] = [:]
    /// Candidates `pair DIR` pairs (matched by identifier or name).
    public private(set) var candidates = 0
    /// Candidates matched by capture time alone (`pair --by-time`).
    public private(set) var candidatesByTimeOnly = 0
    /// `LibraryScan.pairsWithUndatedMovie`, counted.
    public private(set) var pairsWithUndatedMovie = 0

    public init() {}

    /// Counts one part (a folder's findings, or the findings spanning folders): each names
    /// only files of its own part, so what holds for the part's scan holds for the library's.
    public mutating func add(_ part: ScannedFolder) {
        // Counted in place (`LibraryScan.candidates(byTime:)`'s rule), nothing copied.
        var paired = false
        for f in part.findings {
            counts[f.finding, default: 0] += 1
            paired = paired || f.finding == .paired
            if f.finding == .candidate && f.matchedBy == .captureTime { candidatesByTimeOnly += 1 }
            else if f.finding == .candidate || (f.finding == .motionPhoto && f.isPair) { candidates += 1 }
        }
        // Only a paired finding can have an undated movie; the check indexes the part's files.
        if paired {
            pairsWithUndatedMovie += LibraryScan(findings: part.findings, filesRead: part.files.count, unreadableFolders: [], files: part.files).pairsWithUndatedMovie.count
        }
    }

    public func count(_ kind: LibraryFinding.Kind) -> Int { counts[kind] ?? 0 }
}
