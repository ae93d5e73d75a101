import Foundation

/// `pair DIR...` and `verify DIR...`: scan, then work on every pair found, in parallel. One bad
/// file never stops the batch: it is reported and counted.
public enum BatchOperations {
    /// Pairs every candidate (matched by identifier or name, not yet paired) below `roots`;
    /// with `byTime`, also those matched by capture time alone (each the other's one match).
    /// Live Photos whose movie has no date are worked on too: `pair` writes only the date.
    public static func pair(roots: LibrarySource, options: PairOptions, byTime: Bool = false, jobs: Int = ParallelWork.defaultDiskBoundJobs,
                            scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        run(roots: roots, select: { $0.candidates(byTime: byTime) + $0.pairsWithUndatedMovie }, jobs: jobs, stop: options.stop, scanProgress: scanProgress, workProgress: workProgress,
            repair: { BatchJournalRecovery.recover($0, options: options) }) { _ in { still, movie in
            do {
                let r = try PairOperation.run(still: still, movie: movie, options: options)
                return BatchOutcome(still: still, movie: r.movieOutput, status: BatchOutcome.Status(r.status), identifier: r.identifier, stillTime: r.stillTime,
                                    stillImageTime: r.stillImageTime, stillImageTimeNote: r.stillImageTimeNote, movieDate: r.movieDate, exitCode: .ok)
            } catch let stopped as OperationInterrupted {
                return interrupted(still: still, movie: movie, signal: stopped.signal)
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: still, movie: movie, status: .failed, error: e.description, exitCode: e.category)
            }
        } }
    }

    /// Verifies every pair found below `roots` (by identifier or by name). The full decode of
    /// each still runs only with `strict` (it costs tens of ms for a camera's still).
    public static func verify(roots: LibrarySource, strict: Bool, jobs: Int = ParallelWork.defaultJobs,
                              scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        run(roots: roots, select: \.pairs, jobs: jobs, stop: nil, forVerify: true, scanProgress: scanProgress, workProgress: workProgress) { scan in
          // Indices, not copies: the scan's files are kept once.
          let index = Dictionary(scan.files.indices.map { (scan.files[$0].path, $0) }, uniquingKeysWith: { a, _ in a })
          let files = scan.files
          let leftovers = scan.leftovers
          return { still, movie in
            do {
                // What the scan read decides a valid pair without opening the files again. A
                // pair it finds invalid is checked again under the locks of a single `verify`:
                // a `pair` committing between the scan's two reads is then waited for, never
                // reported as a half state.
                if let s = index[still], let m = index[movie], let stillFacts = files[s].stillFacts, let movieFacts = files[m].movieFacts {
                    let r = Verifier.report(still: still, stillFacts: stillFacts, movie: movie, movieFacts: movieFacts, strict: strict, decodeStill: strict,
                                            leftovers: (leftovers[still] ?? .init()) + (leftovers[movie] ?? .init()))
                    if r.valid { return outcome(r) }
                }
                return outcome(try Verifier.verify(still: still, movie: movie, strict: strict, decodeStill: strict))
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: still, movie: movie, status: .failed, error: e.description, exitCode: e.category == .refused ? .refused : .unreadable)   // refused: busy
            }
          }
        }
    }

    static func outcome(_ r: VerifyReport) -> BatchOutcome {
        BatchOutcome(still: r.still, movie: r.movie, status: r.valid ? .valid : .invalid, identifier: r.stillIdentifier ?? r.movieIdentifier,
                     failedChecks: r.errors.map(\.name.rawValue), warningChecks: r.warnings.map(\.name.rawValue), exitCode: r.valid ? .ok : .invalidPair)
    }

    /// Scans `roots`, then runs `body` on each selected pair in parallel; files the scan could
    /// not read come first among the outcomes.
    /// `makeBody` gets the scan, so the work can use what it read; `repair` may fix what the
    /// scan found damaged and give the scan again (`pair DIR`: `BatchJournalRecovery`).
    static func run(roots: LibrarySource, select: (LibraryScan) -> [LibraryFinding], jobs: Int, stop: StopRequest?, forVerify: Bool = false, scanProgress: ProgressReporter?,
                    workProgress: ProgressReporter?, repair: (LibraryScan) -> LibraryScan = { $0 },
                    _ makeBody: (LibraryScan) -> (_ still: String, _ movie: String) -> BatchOutcome) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        // Reading headers computes: no more threads than cores, whatever the work's own count.
        let scan = repair(LibraryScanner.scan(roots, jobs: min(jobs, ParallelWork.defaultJobs), progress: scanProgress, forVerify: forVerify))
        let body = makeBody(scan)
        // Candidates and pairs always name both files; a finding that does not is not work.
        let work = select(scan).compactMap { f in f.still.flatMap { still in f.movie.map { (still: still, movie: $0) } } }
        workProgress?.start(total: work.count)
        // A stop request (signal): no new pair is started; those under way finish or roll back.
        let done = ParallelWork.map(count: work.count, jobs: jobs, stopWhen: { stop?.isRequested ?? false },
                                    progress: { workProgress?.update(done: $0) }) { body(work[$0].still, work[$0].movie) }
        let outcomes = done.enumerated().map { i, outcome in
            outcome ?? interrupted(still: work[i].still, movie: work[i].movie, signal: stop?.signal ?? 0)
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
        ExitStatus.combined(outcomes.lazy.map(\.exitCode), unreadableFolders: !scan.unreadableFolders.isEmpty)
    }
}
