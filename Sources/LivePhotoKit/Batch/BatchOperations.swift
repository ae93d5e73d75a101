import Foundation
import BinaryIO

/// `pair DIR...` and `verify DIR...`: scan, then work on every pair found, in parallel. One bad
/// file never stops the batch: it is reported and counted.
public enum BatchOperations {
    /// Pairs every candidate (matched by identifier or name, not yet paired) below `roots`;
    /// with `byTime`, also those matched by capture time alone (each the other's one match).
    /// Live Photos whose movie has no date are worked on too: `pair` writes only the date.
    /// Each folder's candidates are paired as soon as the streaming scan hands the folder over,
    /// and handed to `each` (one call at a time, folders in walk order).
    public static func pair(roots: LibrarySource, options: PairOptions, byTime: Bool = false, jobs: Int = ParallelWork.defaultDiskBoundJobs,
                            progress: ProgressReporter? = nil, each: @escaping (BatchPart) -> Void) -> LibraryScanEnd {
        run(roots: roots, select: { $0.candidates(byTime: byTime) + $0.pairsWithUndatedMovie }, jobs: jobs, stop: options.stop, outputFolder: options.outputDirectory,
            progress: progress, repair: { BatchJournalRecovery.recover($0, options: options) }, each: each) { _ in { still, movie in
            do {
                let r = try PairOperation.run(still: still, movie: movie, options: options)
                return BatchOutcome(still: r.stillOutput, movie: r.movieOutput, status: BatchOutcome.Status(r.status), identifier: r.identifier, stillTime: r.stillTime,
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
    /// Each folder's pairs are verified as soon as the streaming scan hands the folder over, and
    /// handed to `each` (one call at a time, folders in walk order).
    public static func verify(roots: LibrarySource, strict: Bool, lockWait: Double = FileLockSet.defaultWait, jobs: Int = ParallelWork.defaultJobs,
                              progress: ProgressReporter? = nil, each: @escaping (BatchPart) -> Void) -> LibraryScanEnd {
        run(roots: roots, select: \.pairs, jobs: jobs, stop: nil, forVerify: true, progress: progress, each: each) { scan in
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
                return outcome(try Verifier.verify(still: still, movie: movie, strict: strict, decodeStill: strict, lockWait: lockWait))
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: still, movie: movie, status: .failed, error: e.description, exitCode: e.readFailureStatus)
            }
          }
        }
    }

    static func outcome(_ r: VerifyReport) -> BatchOutcome {
        BatchOutcome(still: r.still, movie: r.movie, status: r.valid ? .valid : .invalid, identifier: r.stillIdentifier ?? r.movieIdentifier,
                     failedChecks: r.errors.map(\.name.rawValue), warningChecks: r.warnings.map(\.name.rawValue), exitCode: r.valid ? .ok : .invalidPair)
    }

    /// `pair` and `verify` with every part gathered: one scan of the library and all outcomes.
    public static func pair(roots: LibrarySource, options: PairOptions, byTime: Bool = false,
                            jobs: Int = ParallelWork.defaultDiskBoundJobs) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        BatchPart.collect { pair(roots: roots, options: options, byTime: byTime, jobs: jobs, each: $0) }
    }

    public static func verify(roots: LibrarySource, strict: Bool, jobs: Int = ParallelWork.defaultJobs) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        BatchPart.collect { verify(roots: roots, strict: strict, jobs: jobs, each: $0) }
    }

    /// `run` for work on a still and a movie (`pair DIR`, `verify DIR`).
    static func run(roots: LibrarySource, select: @escaping (LibraryScan) -> [LibraryFinding], jobs: Int, stop: StopRequest?, forVerify: Bool = false,
                    outputFolder: String? = nil, progress: ProgressReporter?, repair: @escaping (LibraryScan) -> LibraryScan = { $0 }, each: @escaping (BatchPart) -> Void,
                    _ makeBody: @escaping (LibraryScan) -> (_ still: String, _ movie: String) -> BatchOutcome) -> LibraryScanEnd {
        run(roots: roots, select: { pairsToWork(select($0)) }, jobs: jobs, stop: stop, forVerify: forVerify, outputFolder: outputFolder, progress: progress, repair: repair, each: each,
            interrupted: { work, signal in interrupted(still: work.still, movie: work.movie, signal: signal) }) { scan, _ in
            let body = makeBody(scan)
            return { body($0.still, $0.movie) }
        }
    }

    /// Streams the scan of `roots` and, as each folder is handed over, runs the body on the work
    /// `select` chooses from it, in parallel, and hands the folder's part to `each`: files the
    /// scan could not read first, then the work's outcomes. Memory follows the largest folder.
    /// `makeBody` gets the folder's scan and work, so the work can use what it read; `repair`
    /// may fix what the scan found damaged and give the folder's scan again (`pair DIR`:
    /// `BatchJournalRecovery`). `progress` counts the files read (its total grows as the walk
    /// lists them); a folder's work runs right after its files are read. `outputFolder`, where
    /// the work writes (`-o DIR`), is not walked (`LibraryScanner.stream`).
    static func run<Work>(roots: LibrarySource, select: @escaping (LibraryScan) -> [Work], jobs: Int, stop: StopRequest?, forVerify: Bool = false,
                          outputFolder: String? = nil, progress: ProgressReporter?, repair: @escaping (LibraryScan) -> LibraryScan = { $0 }, each: @escaping (BatchPart) -> Void,
                          interrupted: @escaping (Work, Int32) -> BatchOutcome,
                          _ makeBody: @escaping (LibraryScan, [Work]) -> (Work) -> BatchOutcome) -> LibraryScanEnd {
        // Reading headers computes: no more threads than cores, whatever the work's own count.
        LibraryScanner.stream(roots, jobs: min(jobs, ParallelWork.defaultJobs), progress: progress, forVerify: forVerify, outputFolder: outputFolder) { folder in
            let scan = repair(LibraryScan(folder))
            let work = select(scan)
            let body = makeBody(scan, work)
            // A stop request (signal): no new item is started; those under way finish or roll back.
            let done = ParallelWork.map(count: work.count, jobs: jobs, stopWhen: { stop?.isRequested ?? false }) { body(work[$0]) }
            let outcomes = done.enumerated().map { i, outcome in outcome ?? interrupted(work[i], stop?.signal ?? 0) }
            each(BatchPart(scan: scan, work: unreadableOutcomes(scan) + outcomes))
        }
    }

    /// The still and movie of each finding selected. Candidates and pairs always name both
    /// files; a finding that does not is not work.
    static func pairsToWork(_ findings: [LibraryFinding]) -> [(still: String, movie: String)] {
        findings.compactMap { f in f.still.flatMap { still in f.movie.map { (still: still, movie: $0) } } }
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
