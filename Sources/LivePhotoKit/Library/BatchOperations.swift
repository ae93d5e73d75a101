import Foundation

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

    public var still: String?
    public var movie: String?
    public var status: Status
    public var identifier: String?
    public var stillTime: Double?
    /// pair: what happened to the still-image-time track (`kept`, `moved`, `added`).
    public var stillImageTime: StillImageTimeOutcome? = nil
    /// pair: why a track was replaced, or that extra tracks were removed.
    public var stillImageTimeNote: String? = nil
    /// verify: the names of the checks that failed at error level (what makes the pair invalid).
    public var failedChecks: [String]?
    /// verify: the names of the checks that failed at warning level (the pair stays valid).
    public var warningChecks: [String]?
    /// Why it failed (`failed` only): the one-line reason, naming the file.
    public var error: String?
    /// The exit code this outcome alone would give.
    public var exitCode: ExitStatus
}

/// `pair DIR...` and `verify DIR...`: scan, then work on every pair found, in parallel. One bad
/// file never stops the batch: it is reported and counted.
public enum BatchOperations {
    /// Pairs every candidate (name-matched, not yet paired) below `roots`.
    public static func pair(roots: [String], options: PairOptions, jobs: Int = ParallelWork.defaultJobs,
                            scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        run(roots: roots, select: \.candidates, jobs: jobs, stop: options.stop, scanProgress: scanProgress, workProgress: workProgress) { still, movie in
            do {
                let r = try PairOperation.run(still: still, movie: movie, options: options)
                return BatchOutcome(still: still, movie: r.movieOutput, status: BatchOutcome.Status(r.status), identifier: r.identifier, stillTime: r.stillTime,
                                    stillImageTime: r.stillImageTime, stillImageTimeNote: r.stillImageTimeNote, exitCode: .ok)
            } catch let stopped as OperationInterrupted {
                return interrupted(still: still, movie: movie, signal: stopped.signal)
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: still, movie: movie, status: .failed, error: e.description, exitCode: e.category)
            }
        }
    }

    /// Verifies every pair found below `roots` (by identifier or by name). The full decode of
    /// each still runs only with `strict` (it costs tens of ms for a camera's still).
    public static func verify(roots: [String], strict: Bool, jobs: Int = ParallelWork.defaultJobs,
                              scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        run(roots: roots, select: \.pairs, jobs: jobs, stop: nil, scanProgress: scanProgress, workProgress: workProgress) { still, movie in
            do {
                let r = try Verifier.verify(still: still, movie: movie, strict: strict, decodeStill: strict)
                return BatchOutcome(still: still, movie: movie, status: r.valid ? .valid : .invalid, identifier: r.stillIdentifier ?? r.movieIdentifier,
                                    failedChecks: r.errors.map(\.name), warningChecks: r.warnings.map(\.name), exitCode: r.valid ? .ok : .invalidPair)
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: still, movie: movie, status: .failed, error: e.description, exitCode: e.category == .refused ? .refused : .unreadable)   // refused: busy
            }
        }
    }

    /// Scans `roots`, then runs `body` on each selected pair in parallel; files the scan could
    /// not read come first among the outcomes.
    static func run(roots: [String], select: (LibraryScan) -> [LibraryFinding], jobs: Int, stop: StopRequest?, scanProgress: ProgressReporter?,
                    workProgress: ProgressReporter?, _ body: @escaping (_ still: String, _ movie: String) -> BatchOutcome) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        let scan = LibraryScanner.scan(roots, jobs: jobs, progress: scanProgress)
        let work = select(scan)
        workProgress?.start(total: work.count)
        // A stop request (signal): no new pair is started; those under way finish or roll back.
        let done = ParallelWork.map(count: work.count, jobs: jobs, stopWhen: { stop?.isRequested ?? false },
                                    progress: { workProgress?.update(done: $0) }) { body(work[$0].still!, work[$0].movie!) }
        let outcomes = done.enumerated().map { i, outcome in
            outcome ?? interrupted(still: work[i].still!, movie: work[i].movie!, signal: stop?.signal ?? 0)
        }
        workProgress?.finish()
        return (scan, unreadableOutcomes(scan) + outcomes)
    }

    static func interrupted(still: String, movie: String, signal: Int32) -> BatchOutcome {
        BatchOutcome(still: still, movie: movie, status: .interrupted, exitCode: .stopped(by: signal))
    }

    /// Files the scan could not read, as failed outcomes: reported and counted, never skipped silently.
    static func unreadableOutcomes(_ scan: LibraryScan) -> [BatchOutcome] {
        scan.findings.filter { $0.finding == .unreadable }.map { f in
            let path = f.still ?? f.movie ?? ""
            return BatchOutcome(still: f.still, movie: f.movie, status: .failed, error: "\(path): \(f.detail ?? "unreadable")",
                                exitCode: .unreadable)
        }
    }

    /// The batch's exit code: an unreadable file (3) or a refusal (4) outranks an invalid pair (1).
    public static func exitCode(_ outcomes: [BatchOutcome], scan: LibraryScan) -> ExitStatus {
        var code: ExitStatus = scan.unreadableFolders.isEmpty ? .ok : .unreadable
        for o in outcomes where o.exitCode != .ok {
            if code == .ok || (code == .invalidPair && o.exitCode != .invalidPair) { code = o.exitCode }
        }
        return code
    }
}
