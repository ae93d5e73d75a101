import Foundation

extension BatchOperations {
    /// `make DIR...`: a still for every movie below `roots` that the scan matches to no still,
    /// made in parallel. One bad movie is reported and counted, never stops the batch.
    /// Each folder's movies are made as soon as the streaming scan hands the folder over (a
    /// movie's still, or its being alone, is decided in the part it is handed over in), and the
    /// part goes to `each` (one call at a time, folders in walk order).
    public static func make(roots: LibrarySource, options: MakeOptions, jobs: Int = ParallelWork.defaultJobs,
                            progress: ProgressReporter? = nil, each: @escaping (BatchPart) -> Void) -> LibraryScanEnd {
        run(roots: roots, select: { moviesWithoutStill($0.files, findings: $0.findings) }, jobs: jobs, stop: nil,
            outputFolder: options.outputDirectory, progress: progress, each: each,
            interrupted: { movie, signal in BatchOutcome(still: nil, movie: movie, status: .interrupted, exitCode: .stopped(by: signal)) }) { _, movies in
            let perMovie = makeOptions(for: movies.count, jobs: jobs, from: options)
            return { movie in makeOne(movie, options: perMovie) }
        }
    }

    /// Each movie's options in a part of `count` movies: when several workers run side by side,
    /// one decoder thread each keeps the cores busy without oversubscribing; a lone movie, or
    /// one worker, keeps the threads asked for (libavcodec's choice by default).
    static func makeOptions(for count: Int, jobs: Int, from options: MakeOptions) -> MakeOptions {
        var perMovie = options
        if jobs > 1 && count > 1 { perMovie.decoderThreads = 1 }
        return perMovie
    }

    /// `make` with every part gathered: one scan of the library and all outcomes.
    public static func make(roots: LibrarySource, options: MakeOptions, jobs: Int = ParallelWork.defaultJobs) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        BatchPart.collect { make(roots: roots, options: options, jobs: jobs, each: $0) }
    }

    static func makeOne(_ movie: String, options: MakeOptions) -> BatchOutcome {
        do {
            let r = try MakeOperation.run(movie: movie, options: options)
            return BatchOutcome(still: r.still, movie: r.movieOutput, status: BatchOutcome.Status(r.status), identifier: r.identifier,
                                stillTime: r.status == .alreadyMade ? nil : r.stillTime, exitCode: .ok)
        } catch {
            let e = LivePhotoError.wrap(error, path: movie)
            return BatchOutcome(still: nil, movie: movie, status: .failed, error: e.description, exitCode: e.category)
        }
    }

    /// Readable movies that no finding pairs with a still (by identifier or by name).
    static func moviesWithoutStill(_ scanned: [ScannedFile], findings: [LibraryFinding]) -> [String] {
        let withStill = Set(findings.filter(\.isPair).compactMap(\.movie))
        return scanned.filter { $0.role == .movie && $0.error == nil && !withStill.contains($0.path) }.map(\.path)
    }
}
