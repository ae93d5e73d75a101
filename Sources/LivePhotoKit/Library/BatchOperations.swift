import Foundation

/// The result of pairing or verifying one pair found in a folder.
public struct BatchOutcome: Codable, Equatable, Sendable {
    public var still: String?
    public var movie: String?
    /// pair: "paired", "already-paired", "dry-run", "failed"; verify: "valid", "invalid", "failed"
    public var status: String
    public var identifier: String?
    public var stillTime: Double?
    /// verify: the names of the checks that failed.
    public var failedChecks: [String]?
    /// Why it failed (`failed` only): the one-line reason, naming the file.
    public var error: String?
    /// The exit code this outcome alone would give.
    public var exitCode: Int32
}

/// `pair DIR...` and `verify DIR...`: scan, then work on every pair found, in parallel. One bad
/// file never stops the batch: it is reported and counted.
public enum BatchOperations {
    /// Pairs every candidate (name-matched, not yet paired) below `roots`.
    public static func pair(roots: [String], options: PairOptions, jobs: Int = ParallelWork.defaultJobs,
                            scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        run(roots: roots, select: \.candidates, jobs: jobs, scanProgress: scanProgress, workProgress: workProgress) { still, movie in
            do {
                let r = try PairOperation.run(still: still, movie: movie, options: options)
                return BatchOutcome(still: still, movie: r.movieOutput, status: r.status, identifier: r.identifier, stillTime: r.stillTime, exitCode: 0)
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: still, movie: movie, status: "failed", error: e.description, exitCode: e.category.rawValue)
            }
        }
    }

    /// Verifies every pair found below `roots` (by identifier or by name).
    public static func verify(roots: [String], strict: Bool, jobs: Int = ParallelWork.defaultJobs,
                              scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        run(roots: roots, select: \.pairs, jobs: jobs, scanProgress: scanProgress, workProgress: workProgress) { still, movie in
            do {
                let r = try Verifier.verify(still: still, movie: movie, strict: strict)
                return BatchOutcome(still: still, movie: movie, status: r.valid ? "valid" : "invalid", identifier: r.stillIdentifier ?? r.movieIdentifier,
                                    failedChecks: r.checks.filter(\.failed).map(\.name), exitCode: r.valid ? 0 : 1)
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: still, movie: movie, status: "failed", error: e.description, exitCode: LivePhotoError.Category.unreadable.rawValue)
            }
        }
    }

    /// Scans `roots`, then runs `body` on each selected pair in parallel; files the scan could
    /// not read come first among the outcomes.
    static func run(roots: [String], select: (LibraryScan) -> [LibraryFinding], jobs: Int, scanProgress: ProgressReporter?,
                    workProgress: ProgressReporter?, _ body: @escaping (_ still: String, _ movie: String) -> BatchOutcome) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        let scan = LibraryScanner.scan(roots, jobs: jobs, progress: scanProgress)
        let work = select(scan)
        workProgress?.start(total: work.count)
        let outcomes = ParallelWork.map(count: work.count, jobs: jobs, progress: { workProgress?.update(done: $0) }) { body(work[$0].still!, work[$0].movie!) }
        workProgress?.finish()
        return (scan, unreadableOutcomes(scan) + outcomes)
    }

    /// Files the scan could not read, as failed outcomes: reported and counted, never skipped silently.
    static func unreadableOutcomes(_ scan: LibraryScan) -> [BatchOutcome] {
        scan.findings.filter { $0.finding == .unreadable }.map { f in
            let path = f.still ?? f.movie ?? ""
            return BatchOutcome(still: f.still, movie: f.movie, status: "failed", error: "\(path): \(f.detail ?? "unreadable")",
                                exitCode: LivePhotoError.Category.unreadable.rawValue)
        }
    }

    /// The batch's exit code: an unreadable file (3) or a refusal (4) outranks an invalid pair (1).
    public static func exitCode(_ outcomes: [BatchOutcome], scan: LibraryScan) -> Int32 {
        var code: Int32 = scan.unreadableFolders.isEmpty ? 0 : 3
        for o in outcomes where o.exitCode != 0 {
            if code == 0 || (code == 1 && o.exitCode != 1) { code = o.exitCode }
        }
        return code
    }
}
