import Foundation

extension BatchOperations {
    /// `make DIR...`: a still for every movie below `roots` that the scan matches to no still,
    /// made in parallel. One bad movie is reported and counted, never stops the batch.
    public static func make(roots: LibrarySource, options: MakeOptions, jobs: Int = ParallelWork.defaultJobs,
                            scanProgress: ProgressReporter? = nil, workProgress: ProgressReporter? = nil) -> (scan: LibraryScan, outcomes: [BatchOutcome]) {
        let (list, unreadable) = LibraryScanner.listFiles(in: roots)
        scanProgress?.start(total: list.count)
        let scanned = ParallelWork.map(count: list.count, jobs: jobs, progress: { scanProgress?.update(done: $0) }) {
            // A file the walk could not read keeps the walk's reason, as in `scan`.
            ScannedFile.read(listed: list[$0].path, role: list[$0].role, problem: list[$0].problem)
        }
        scanProgress?.finish()
        let scan = LibraryScan(findings: LibraryMatcher.match(scanned), filesRead: scanned.count, unreadableFolders: unreadable)
        let movies = moviesWithoutStill(scanned, findings: scan.findings)

        var perMovie = options
        // Workers run side by side; one decoder thread each keeps the cores busy without oversubscribing.
        if jobs > 1 && movies.count > 1 { perMovie.decoderThreads = 1 }
        workProgress?.start(total: movies.count)
        let outcomes = ParallelWork.map(count: movies.count, jobs: jobs, progress: { workProgress?.update(done: $0) }) { i -> BatchOutcome in
            let movie = movies[i]
            do {
                let r = try MakeOperation.run(movie: movie, options: perMovie)
                return BatchOutcome(still: r.still, movie: r.movieOutput, status: BatchOutcome.Status(r.status), identifier: r.identifier,
                                    stillTime: r.status == .alreadyMade ? nil : r.stillTime, exitCode: .ok)
            } catch {
                let e = LivePhotoError.wrap(error, path: movie)
                return BatchOutcome(still: nil, movie: movie, status: .failed, error: e.description, exitCode: e.category)
            }
        }
        workProgress?.finish()
        return (scan, unreadableOutcomes(scan) + outcomes)
    }

    /// Readable movies that no finding pairs with a still (by identifier or by name).
    static func moviesWithoutStill(_ scanned: [ScannedFile], findings: [LibraryFinding]) -> [String] {
        let withStill = Set(findings.filter(\.isPair).compactMap(\.movie))
        return scanned.filter { $0.role == .movie && $0.error == nil && !withStill.contains($0.path) }.map(\.path)
    }
}
