import Foundation
import BinaryIO

/// `convert DIR...`: every Motion Photo found becomes a Live Photo pair, or (`--to motion`)
/// every Live Photo pair `scan` finds becomes a Motion Photo. In parallel; one bad file never
/// stops the batch: it becomes a `failed` result and is counted. The outputs are made durable
/// once, at the end (`ConvertedOutput`), not file by file.
public enum ConvertBatch {
    public static func toLivePhotos(roots: [String], options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs,
                                    scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, results: [ConvertResult]) {
        let scan = LibraryScanner.scan(roots, jobs: jobs, progress: scanProgress)
        let found = scan.findings.filter { $0.finding == .motionPhoto && $0.still != nil }
        let work = found.map { $0.still! }
        workProgress?.start(total: work.count)
        let batch = batchOptions(options)
        let results = ParallelWork.map(count: work.count, jobs: jobs, progress: { workProgress?.update(done: $0) }) { i in
            convert(.motionToLive, input: work[i]) { try MotionPhotoToLivePhoto.run(path: work[i], options: batch, scanned: found[i].motionPhoto?.scannedImageEnd) }
        }
        workProgress?.finish()
        return (scan, unreadable(scan, .motionToLive) + makeDurable(results))
    }

    public static func toMotionPhotos(roots: [String], options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs,
                                      scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, results: [ConvertResult]) {
        let scan = LibraryScanner.scan(roots, jobs: jobs, progress: scanProgress)
        let work = scan.findings.filter { $0.finding == .paired }
        workProgress?.start(total: work.count)
        let batch = batchOptions(options)
        let results = ParallelWork.map(count: work.count, jobs: jobs, progress: { workProgress?.update(done: $0) }) { i in
            convert(.liveToMotion, input: work[i].still!) { try LivePhotoToMotionPhoto.run(still: work[i].still!, movie: work[i].movie!, options: batch) }
        }
        workProgress?.finish()
        return (scan, unreadable(scan, .liveToMotion) + makeDurable(results))
    }

    static func batchOptions(_ options: ConvertOptions) -> ConvertOptions {
        var batch = options
        batch.syncsOutputs = false
        return batch
    }

    /// One `syncfs` for the batch's outputs; if it fails, no conversion can be reported done.
    static func makeDurable(_ results: [ConvertResult]) -> [ConvertResult] {
        let written = results.filter { $0.status == .converted }
        let directories = Set(written.compactMap { $0.still ?? $0.motionPhoto }.map { PathComponents.directory(of: $0) })
        do { try ConvertedOutput.makeDurable(directories: directories) } catch {
            return results.map { r in
                guard r.status == .converted else { return r }
                var failed = ConvertResult(direction: r.direction, status: .failed, input: r.input, exitCode: .refused)
                failed.error = LivePhotoError.wrap(error, path: r.still ?? r.motionPhoto ?? r.input, category: .refused).description
                return failed
            }
        }
        return results
    }

    /// Runs one conversion, turning an error into a `failed` result.
    public static func convert(_ direction: ConvertDirection, input: String, _ body: () throws -> ConvertResult) -> ConvertResult {
        do { return try body() } catch {
            let e = LivePhotoError.wrap(error, path: input)
            var r = ConvertResult(direction: direction, status: .failed, input: input, exitCode: e.category)
            r.error = e.description
            return r
        }
    }

    static func unreadable(_ scan: LibraryScan, _ direction: ConvertDirection) -> [ConvertResult] {
        scan.findings.filter { $0.finding == .unreadable }.map { f in
            let path = f.still ?? f.movie ?? ""
            var r = ConvertResult(direction: direction, status: .failed, input: path, exitCode: .unreadable)
            r.error = "\(path): \(f.detail ?? "unreadable")"
            return r
        }
    }

    /// An unreadable file (3) or a refusal (4); the higher wins; unreadable folders count as 3.
    public static func exitCode(_ results: [ConvertResult], scan: LibraryScan?) -> ExitStatus {
        var code: ExitStatus = (scan?.unreadableFolders.isEmpty ?? true) ? .ok : .unreadable
        for r in results where r.exitCode != .ok { code = max(code, r.exitCode) }
        return code
    }
}
