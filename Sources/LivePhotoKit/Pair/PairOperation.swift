import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `pair`: binds a JPEG still and a QuickTime (or MP4) movie into a Live Photo by writing one
/// identifier into both and a still-image-time track into the movie. The files are locked
/// against concurrent runs, prepared (written and fsynced beside their targets), then
/// committed still first (`PairCommit`), so neither a failure nor a kill leaves a pair that a
/// rerun cannot complete; originals are never left half-written.
public enum PairOperation {
    public static func run(still stillPath: String, movie moviePath: String, options: PairOptions = PairOptions()) throws -> PairResult {
        let keptTimes = KeptTimes(still: stillPath, movie: moviePath)   // before any read changes the access times
        try InputFiles.requireKind(stillPath, still: true)
        try InputFiles.requireKind(moviePath, still: false)
        // Held from before the first read through the commit: a concurrent run waits, then
        // reads what this one committed (and finds the pair already paired).
        let locks = try OperationLocks.acquire(still: stillPath, movie: moviePath, mode: options.dryRun ? .shared : .exclusive,
                                               wait: options.lockWait, stop: options.stop)
        defer { locks.release() }

        let stillInfo: StillImageInfo
        let stillIsHEIC: Bool
        do {
            (stillInfo, stillIsHEIC) = try StillReading.read(path: stillPath)
        } catch { throw LivePhotoError.wrap(error, path: stillPath) }
        if case .foreign(let maker) = stillInfo.makerNote, !options.replaceForeignMakerNote {
            throw LivePhotoError(path: stillPath, reason: ForeignMakerNoteError(maker: maker).description, category: .refused)
        }

        if !options.dryRun { try recoverInterruptedOverwrite(moviePath) }
        var movieFile = try InputFiles.openMovie(moviePath)
        if let append = movieFile.interruptedAppend, !options.dryRun {
            // An earlier run was interrupted mid-append: cut what its marker says it added, then read again.
            do {
                try WritePermission.require(moviePath)
                try InterruptedAppendRecovery.undo(path: moviePath, append)
            } catch {
                let reason = (error as? ParseError)?.message ?? "\(error)"
                throw LivePhotoError(path: moviePath, reason: "cannot clean up an interrupted edit: \(reason)", category: .refused, errno: (error as? ParseError)?.errno)
            }
            movieFile = try InputFiles.openMovie(moviePath)
        }
        let movie = movieFile.movie
        guard let video = movie.mainVideoTrack else {
            throw LivePhotoError(path: moviePath, reason: "the movie has no video track", category: .unreadable)
        }

        let copyAsQuickTime = OutputPaths.becomesQuickTimeCopy(moviePath)
        let outputs = try OutputPaths(still: stillPath, movie: moviePath, movieIsMP4: copyAsQuickTime, directory: options.outputDirectory)

        let stillID = stillInfo.contentIdentifier
        let movieID = movie.contentIdentifier
        let identifier = chooseIdentifier(options.identifier, stillID: stillID, movieID: movieID)
        let timescale = movie.header.timescale
        let videoTiming = FrameTiming(track: video, movieTimescale: timescale)
        let existing = ExistingStillImageTime(file: movieFile, videoTiming: videoTiming)

        // A usable track the camera wrote is kept unless a time was asked for.
        let placement: LivePhotoMovieEdit.Placement
        let stillTick: Int64
        if options.stillTime == .middle, let tick = existing.usableTick {
            placement = .keep
            stillTick = tick
        } else {
            let resolved = try StillTimeResolver.resolve(options.stillTime, timing: videoTiming, movieTimescale: timescale, path: moviePath)
            placement = .at(tick: resolved.tick, sampleDuration: resolved.sampleDuration)
            stillTick = resolved.tick
        }
        let planned = LivePhotoMovieEdit.plannedResult(existing: existing, placement: placement)

        var result = PairResult(still: stillPath, movie: moviePath, stillOutput: outputs.still, movieOutput: outputs.movie,
                                identifier: identifier, stillTime: Double(stillTick) / Double(timescale), status: .paired, movieWrite: .none,
                                stillImageTime: planned.outcome, stillImageTimeNote: planned.note)

        if !copyAsQuickTime, let existingTick = try alreadyPairedTick(movieFile, timing: videoTiming, existing: existing, identifier: identifier, stillID: stillID,
                                                                          choice: options.stillTime, path: moviePath) {
            result.status = .alreadyPaired
            result.stillTime = Double(existingTick) / Double(timescale)
            result.stillOutput = stillPath
            result.movieOutput = moviePath
            result.stillImageTime = .kept
            result.stillImageTimeNote = nil
            if !options.dryRun {
                // What a run killed after its commit left behind (its still backup).
                AtomicFileWriter.removeStaleTemporaries(for: [stillPath, moviePath])
            }
            return result
        }
        if let existing = try ExistingOutputs.check(outputs: outputs, still: stillPath, movie: moviePath,
                                                    expectedIdentifier: ExistingOutputs.knownIdentifier(options.identifier, stillID: stillID, movieID: movieID)) {
            result.status = .alreadyPaired
            result.identifier = existing.stillIdentifier ?? identifier
            result.stillImageTime = .kept
            result.stillImageTimeNote = nil
            if let time = ExistingOutputs.stillTime(of: outputs.movie) { result.stillTime = time }
            if !options.dryRun {
                // What a run killed after its commit left behind (its still backup).
                AtomicFileWriter.removeStaleTemporaries(for: [outputs.still, outputs.movie])
            }
            return result
        }
        let cleaned = [WriteTargets.resolved(stillPath), WriteTargets.resolved(moviePath)]
        if !options.dryRun {
            // A killed run's leftovers go first: its still backup is a second hard link to the
            // still, which the hard-link policy below would otherwise refuse.
            AtomicFileWriter.removeStaleTemporaries(for: cleaned)
        }
        let targets = try WriteTargets(outputs: outputs, still: stillPath, movie: moviePath, splitHardLinks: options.splitHardLinks)

        // The everyday repair (a converted still lost the link): the movie already carries the
        // identifier and its own track is kept, so only the still is written.
        let contentKey = Movie.contentIdentifierKey
        let movieUnchanged = outputs.movie == moviePath && placement == .keep && existing.tracks.count == 1
            && movie.metadata?.stringValue(forKey: contentKey) == identifier
            && (movie.userDataMetadata?.stringValue(forKey: contentKey) ?? identifier) == identifier
        var method = MovieWriteMethod.choose(movieFile, inPlace: outputs.movie == moviePath, faststart: options.faststart)
        if method == .tailAppend && !targets.movieTailAppendAllowed { method = .rewrite }   // a split hard link
        if movieUnchanged { method = .none }

        // The edit is planned in memory now, so a dry run names the method a real run takes.
        let plan = MovieRewritePlan(file: movieFile)
        var growth: InPlaceMoovGrowth? = nil
        if !movieUnchanged {
            if copyAsQuickTime && !movieFile.isQuickTime { plan.replacementFileType = MovieRewritePlan.quickTimeFileType() }
            do {
                try LivePhotoMovieEdit.apply(to: plan, identifier: identifier, placement: placement, existing: existing)
            } catch {
                throw LivePhotoError.wrap(error, path: moviePath)
            }
            try MovieReadBack.check(plan, identifier: identifier, path: moviePath)
            // --faststart in place: grow into the padding after moov when it fits (nil: rewrite).
            if method == .rewrite && options.faststart && targets.movieTailAppendAllowed {
                growth = try? InPlaceMoovGrowth.fitting(plan, path: targets.movie)
                if growth != nil { method = .growInPlace }
            }
        }
        let inPlaceTail = method == .tailAppend
        result.movieWrite = method
        let stillPlan: StillWritePlan
        do {
            stillPlan = try StillWritePlan(still: stillPath, target: targets.still, inPlace: outputs.still == stillPath, isHEIC: stillIsHEIC,
                                           stillIdentifier: stillID, identifier: identifier, replaceForeignMakerNote: options.replaceForeignMakerNote,
                                           recoverInterrupted: !options.dryRun)
        } catch {
            throw LivePhotoError.wrap(error, path: outputs.still, category: .refused)
        }
        result.stillWrite = stillPlan.method
        if options.dryRun {
            result.status = .dryRun
            return result
        }

        try checkWritable(outputs: outputs, targets: targets, still: stillPath, movie: moviePath, tail: inPlaceTail, movieUnchanged: movieUnchanged,
                          replaced: (still: stillPlan.replacesFile, movie: method == .rewrite))
        // Targets other than the inputs (-o DIR, an MP4's .MOV): their folders' leftovers too.
        AtomicFileWriter.removeStaleTemporaries(for: (movieUnchanged ? [targets.still] : [targets.still, targets.movie]).filter { !cleaned.contains($0) })

        let stillWriter: PreparedFileWrite
        do { stillWriter = try stillPlan.prepare() } catch {
            throw LivePhotoError.wrap(error, path: outputs.still, category: .refused)
        }
        FaultInjection.reach(.stillPrepared)

        if movieUnchanged {
            do { try stillWriter.commit() } catch { throw LivePhotoError.wrap(error, path: outputs.still, category: .refused) }
            return result
        }

        // The tail edit is only planned here: appending is visible in the movie, so it waits
        // until the still is committed (see `PairCommit`). A rewrite or new file is prepared now.
        let movieWrite: PairCommit.MovieWrite
        do {
            if let growth {
                movieWrite = .growInPlace(growth)
            } else if inPlaceTail {
                movieWrite = .tailAppend(try TailAppendMovieWrite(plan))
            } else {
                movieWrite = .replacement(try WholeFileMovieWriter.prepare(plan, targetPath: targets.movie, modeFrom: moviePath, moovFirst: options.faststart))
                FaultInjection.reach(.moviePrepared)
            }
        } catch {
            stillWriter.abort()
            throw LivePhotoError.wrap(error, path: outputs.movie, category: .refused)
        }
        try PairCommit(still: stillWriter, movie: movieWrite, stillTarget: targets.still, movieTarget: targets.movie,
                       locks: locks, stop: options.stop).run()
        if !options.touch { keptTimes.restore(stillOutput: targets.still, movieOutput: targets.movie) }
        return result
    }

    /// A journal beside the movie means an earlier run was killed while overwriting its `moov`
    /// region (`InPlaceMoovGrowth`): its old bytes go back before the movie is read.
    static func recoverInterruptedOverwrite(_ moviePath: String) throws {
        let target = WriteTargets.resolved(moviePath)
        guard access(OverwriteJournal.path(for: target), F_OK) == 0 else { return }
        do {
            try WritePermission.require(target)
            try OverwriteJournal.recover(target: target)
        } catch {
            let reason = (error as? ParseError)?.message ?? "\(error)"
            throw LivePhotoError(path: moviePath, reason: "cannot undo an interrupted edit: \(reason)", category: .refused)
        }
    }

    /// Every file edited in place and every directory a new file is written into must be
    /// writable, and a file replaced by a rename (`replaced`) replaceable by this user (a sticky
    /// folder); checked before anything is prepared, so a refusal changes nothing and leaves no
    /// name behind. Directories are those of the write targets (a linked file's real folder).
    static func checkWritable(outputs: OutputPaths, targets: WriteTargets, still stillPath: String, movie moviePath: String, tail: Bool, movieUnchanged: Bool = false,
                              replaced: (still: Bool, movie: Bool) = (false, false)) throws {
        var checks: [(path: String, report: String, replaced: Bool)] = []
        if outputs.still == stillPath { checks.append((stillPath, stillPath, false)) }
        checks.append((WritePermission.directory(of: targets.still), outputs.still, false))
        if replaced.still { checks.append((targets.still, stillPath, true)) }
        if outputs.movie == moviePath && !movieUnchanged { checks.append((moviePath, moviePath, false)) }
        if !tail && !movieUnchanged { checks.append((WritePermission.directory(of: targets.movie), outputs.movie, false)) }
        if replaced.movie && outputs.movie == moviePath && !movieUnchanged { checks.append((targets.movie, moviePath, true)) }
        for check in checks {
            do {
                if check.replaced { try WritePermission.requireReplaceable(check.path) } else { try WritePermission.require(check.path) }
            } catch {
                let reason = (error as? ParseError)?.message ?? "\(error)"
                let dirNote = check.path == check.report ? "" : " (in \(check.path))"
                throw LivePhotoError(path: check.report, reason: "cannot write: \(reason)\(dirNote)", category: .refused, errno: (error as? ParseError)?.errno)
            }
        }
    }

    static func chooseIdentifier(_ choice: PairOptions.IdentifierChoice, stillID: String?, movieID: String?) -> String {
        switch choice {
        case .given(let id): return id
        case .fresh: return ContentIdentifier.random()
        case .automatic:
            let s = stillID.flatMap { ContentIdentifier.isWellFormed($0) ? $0 : nil }
            let m = movieID.flatMap { ContentIdentifier.isWellFormed($0) ? $0 : nil }
            if let s, let m { return s == m ? s : ContentIdentifier.random() }
            return s ?? m ?? ContentIdentifier.random()
        }
    }

    /// The tick of the movie's still-image-time sample when both files already carry
    /// `identifier` and the movie has exactly one readable still-image-time track inside the
    /// video (at the asked time, if one was asked); else nil. A `tref` is not required: Apple's
    /// own AVFoundation recipe writes none, and such a track is kept as it is.
    static func alreadyPairedTick(_ file: MovieFile, timing: FrameTiming, existing: ExistingStillImageTime, identifier: String,
                                  stillID: String?, choice: PairOptions.StillTimeChoice, path: String) throws -> Int64? {
        guard stillID == identifier, file.movie.metadata?.stringValue(forKey: Movie.contentIdentifierKey) == identifier else { return nil }
        guard existing.tracks.count == 1, let tick = existing.usableTick else { return nil }
        if choice != .middle {
            let asked = try StillTimeResolver.resolve(choice, timing: timing, movieTimescale: file.movie.header.timescale, path: path)
            guard asked.tick == tick else { return nil }
        }
        return tick
    }
}
