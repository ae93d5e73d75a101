import BinaryIO
import ISOBMFF
import StillImage

/// Carries out a `PairPlan`: checks every write is allowed, prepares the still and the movie
/// (each written and fsynced, nothing committed), then commits both through `PairCommit`.
/// A dry run stops at the plan.
struct PairExecutor {
    let locks: FileLockSet
    let options: PairOptions
    let keptTimes: KeptTimes

    func execute(_ plan: PairPlan) throws -> PairResult {
        switch plan.action {
        case .nothing(let paths):
            // What a run killed after its commit left behind (its still backup).
            if !options.dryRun { AtomicFileWriter.removeStaleTemporaries(for: paths) }
        case .write(let write):
            if !options.dryRun { try execute(write) }
        }
        return plan.report
    }

    private func execute(_ write: PairWrite) throws {
        let outputs = write.outputs, targets = write.targets
        let movieUnchanged = write.movieEdit == nil
        try PairOperation.checkWritable(outputs: outputs, targets: targets, still: write.stillPath, movie: write.moviePath,
                                        tail: write.movieInPlaceTail, movieUnchanged: movieUnchanged,
                                        replaced: (still: write.stillPlan.replacesFile, movie: write.method == .rewrite))
        // Targets other than the inputs (-o DIR, an MP4's .MOV): their folders' leftovers too.
        AtomicFileWriter.removeStaleTemporaries(for: (movieUnchanged ? [targets.still] : [targets.still, targets.movie]).filter { !write.cleaned.contains($0) })

        let still: PairCommit.StillWrite
        do { still = try write.stillPlan.prepare() } catch { throw LivePhotoError.wrap(error, path: outputs.still, category: .refused) }
        FaultInjection.reach(.stillPrepared)

        guard let edit = write.movieEdit else {
            do { try still.write.commit() } catch { throw LivePhotoError.wrap(error, path: outputs.still, category: .refused) }
            return
        }
        let movie: PairCommit.MovieWrite
        do { movie = try prepareMovie(write, edit: edit) } catch {
            still.write.abort()
            throw LivePhotoError.wrap(error, path: outputs.movie, category: .refused)
        }
        try PairCommit(still: still, movie: movie, stillTarget: targets.still, movieTarget: targets.movie, locks: locks, stop: options.stop).run()
        if !options.touch { keptTimes.restore(stillOutput: targets.still, movieOutput: targets.movie) }
    }

    /// Carries out a `NewPairPlan`: both outputs complete and read back in temporary files
    /// before either gets its name; the movie is placed first, so a still never stands under
    /// its name without its movie; a failure leaves neither.
    static func create(_ plan: NewPairPlan) throws {
        let stillWriter: AtomicFileWriter
        do { stillWriter = try plan.prepareStill() } catch { throw LivePhotoError.wrap(error, path: plan.stillTarget, category: .refused) }
        FaultInjection.reach(.convertStillWritten)
        if let movie = plan.movieTarget {
            let movieWriter: AtomicFileWriter
            do { movieWriter = try prepareNewMovie(plan, target: movie) } catch {
                stillWriter.discard()
                throw LivePhotoError.wrap(error, path: movie, category: .refused)
            }
            FaultInjection.reach(.convertMovieWritten)
            do { try NewOutputFile.place(movieWriter) } catch { stillWriter.discard(); throw LivePhotoError.wrap(error, path: movie, category: .refused) }
            FaultInjection.reach(.convertMoviePlaced)
        }
        do { try NewOutputFile.place(stillWriter) } catch {
            if let movie = plan.movieTarget { FileSystemCalls.unlink(movie) }
            throw LivePhotoError.wrap(error, path: plan.stillTarget, category: .refused)
        }
    }

    /// The movie as QuickTime with the plan's edit, complete in a temporary file beside `target`.
    private static func prepareNewMovie(_ plan: NewPairPlan, target: String) throws -> AtomicFileWriter {
        let edit = MovieRewritePlan(file: plan.movieFile)
        edit.replacementFileType = MovieRewritePlan.quickTimeFileType()
        try plan.movieEdit.apply(to: edit)
        let image = try MovieFileImage(edit)
        let writer = try AtomicFileWriter(targetPath: target, modeFrom: plan.modeFrom)
        do { try image.write(to: writer) } catch { writer.discard(); throw error }
        return writer
    }

    /// The tail edit is only planned here: appending is visible in the movie, so it waits
    /// until the still is committed (see `PairCommit`). A rewrite or new file is prepared now.
    private func prepareMovie(_ write: PairWrite, edit: MovieRewritePlan) throws -> PairCommit.MovieWrite {
        switch write.method {
        case .growInPlace:
            if let growth = write.growth { return .growInPlace(growth) }
        case .tailAppend:
            return .tailAppend(try TailAppendMovieWrite(edit))
        case .rewrite, .newFile, .none:
            break
        }
        let writer = try WholeFileMovieWriter.prepare(edit, targetPath: write.targets.movie, modeFrom: write.moviePath, moovFirst: write.faststart)
        FaultInjection.reach(.moviePrepared)
        return .replacement(writer)
    }
}
