import Foundation

/// `convert DIR...`: every Motion Photo found becomes a Live Photo pair, or (`--to motion`)
/// every Live Photo pair `scan` finds becomes a Motion Photo. In parallel; one bad file never
/// stops the batch: it becomes a `failed` result and is counted.
public enum ConvertBatch {
    public static func toLivePhotos(roots: [String], options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs,
                                    scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, results: [ConvertResult]) {
        let scan = LibraryScanner.scan(roots, jobs: jobs, progress: scanProgress)
        let work = scan.findings.filter { $0.finding == .motionPhoto }.compactMap(\.still)
        workProgress?.start(total: work.count)
        let results = ParallelWork.map(count: work.count, jobs: jobs, progress: { workProgress?.update(done: $0) }) { i in
            convert(.motionToLive, input: work[i]) { try MotionPhotoToLivePhoto.run(path: work[i], options: options) }
        }
        workProgress?.finish()
        return (scan, unreadable(scan, .motionToLive) + results)
    }

    public static func toMotionPhotos(roots: [String], options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs,
                                      scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, results: [ConvertResult]) {
        let scan = LibraryScanner.scan(roots, jobs: jobs, progress: scanProgress)
        let work = scan.findings.filter { $0.finding == .paired }
        workProgress?.start(total: work.count)
        let results = ParallelWork.map(count: work.count, jobs: jobs, progress: { workProgress?.update(done: $0) }) { i in
            convert(.liveToMotion, input: work[i].still!) { try LivePhotoToMotionPhoto.run(still: work[i].still!, movie: work[i].movie!, options: options) }
        }
        workProgress?.finish()
        return (scan, unreadable(scan, .liveToMotion) + results)
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
