import Foundation
import BinaryIO

/// `convert DIR...`: every Motion Photo found becomes a Live Photo pair, or (`--to motion`)
/// every Live Photo pair `scan` finds becomes a Motion Photo. In parallel; one bad file never
/// stops the batch: it becomes a `failed` result and is counted. The outputs are made durable
/// once per folder, before its results are handed on (`ConvertedOutput`), not file by file.
public enum ConvertBatch {
    /// Every Live Photo pair found becomes a Motion Photo. Each folder's pairs are converted as
    /// soon as the streaming scan hands the folder over (a pair is found in the part it is
    /// handed over in), made durable, and handed to `each` (one call at a time, in walk order).
    public static func toMotionPhotos(roots: LibrarySource, options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs,
                                      progress: ProgressReporter? = nil, each: @escaping (ConvertPart) -> Void) -> LibraryScanEnd {
        let batch = batchOptions(options)
        return LibraryScanner.stream(roots, jobs: min(jobs, ParallelWork.defaultJobs), progress: progress, outputFolder: options.outputDirectory) { folder in
            let scan = LibraryScan(folder)
            let work = scan.findings.filter { $0.finding == .paired }
            let results = ParallelWork.map(count: work.count, jobs: jobs) { i in
                // A `paired` finding always names its still and its movie.
                convert(.liveToMotion, input: work[i].still!) { try LivePhotoToMotionPhoto.run(still: work[i].still!, movie: work[i].movie!, options: batch) }
            }
            each(ConvertPart(scan: scan, work: unreadable(scan, .liveToMotion) + makeDurable(results)))
        }
    }

    /// Every Motion Photo found becomes a pair (one whose video an export split off beside it,
    /// with that video: `SplitMotionPhotoPairs`). Each file is read as `scan` reads it and, when it
    /// is a Motion Photo, converted at once by the same worker: the first outputs are on their
    /// way to the disk while other files are still being read (a scan first left the disk idle
    /// meanwhile). Whether a file is a Motion Photo depends on that file alone, so the
    /// conversions and the scan are those of a scan first. As the streaming scan hands a folder
    /// over, its split-off pairs are converted, its outputs made durable and its part handed to
    /// `each` (one call at a time, in walk order). `progress` counts the files read.
    public static func toLivePhotos(roots: LibrarySource, options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs,
                                    progress: ProgressReporter? = nil, each: @escaping (ConvertPart) -> Void) -> LibraryScanEnd {
        let batch = batchOptions(options)
        let converted = ResultsByFile()
        return LibraryScanner.stream(roots, jobs: jobs, progress: progress, outputFolder: options.outputDirectory, afterRead: { file in
            guard file.error == nil, let summary = file.motionPhoto else { return }
            converted.keep(file.path, convert(.motionToLive, input: file.path) { try MotionPhotoToLivePhoto.run(path: file.path, options: batch, scanned: summary.scannedImageEnd) })
        }) { folder in
            let scan = LibraryScan(folder)
            // A Motion Photo whose video was split off beside it: paired once the folder is read.
            let split = SplitMotionPhotoPairs.convert(scan, options: batch, jobs: jobs)
            let results = unreadable(scan, .motionToLive) + SplitMotionPhotoPairs.withoutVideo(scan) + makeDurable(converted.take(scan.files.map(\.path)) + split)
            each(ConvertPart(scan: scan, work: results))
        }
    }

    /// `toMotionPhotos` and `toLivePhotos` with every part gathered: one scan and all results.
    public static func toMotionPhotos(roots: LibrarySource, options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs) -> (scan: LibraryScan, results: [ConvertResult]) {
        ConvertPart.collect { toMotionPhotos(roots: roots, options: options, jobs: jobs, each: $0) }
    }

    public static func toLivePhotos(roots: LibrarySource, options: ConvertOptions, jobs: Int = ParallelWork.defaultJobs) -> (scan: LibraryScan, results: [ConvertResult]) {
        ConvertPart.collect { toLivePhotos(roots: roots, options: options, jobs: jobs, each: $0) }
    }

    /// The conversions the readers made, kept by input until its folder's part is handed over.
    final class ResultsByFile: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [String: ConvertResult] = [:]

        func keep(_ path: String, _ result: ConvertResult) {
            lock.lock(); defer { lock.unlock() }
            results[path] = result
        }

        /// The results of `paths` (in their order), no longer kept.
        func take(_ paths: [String]) -> [ConvertResult] {
            lock.lock(); defer { lock.unlock() }
            return paths.compactMap { results.removeValue(forKey: $0) }
        }
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
            var r = ConvertResult(direction: direction, status: .unreadable, input: path, exitCode: .unreadable)
            r.error = "\(path): \(f.detail ?? "unreadable")"
            return r
        }
    }

    /// An unreadable file (3) or a refusal (4); the higher wins; unreadable folders count as 3.
    public static func exitCode(_ results: [ConvertResult], scan: LibraryScan?) -> ExitStatus {
        ExitStatus.combined(results.lazy.map(\.exitCode), unreadableFolders: !(scan?.unreadableFolders.isEmpty ?? true))
    }
}
