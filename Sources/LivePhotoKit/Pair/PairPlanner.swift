import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// Builds `pair`'s `PairPlan`: reads the still and the movie once (after putting back what an
/// interrupted run left half-done, unless this is a dry run), decides the identifier, the
/// still time, the movie edit, the still edit and the write method, each in one place.
enum PairPlanner {
    static func plan(still stillPath: String, movie moviePath: String, options: PairOptions) throws -> PairPlan {
        let (stillInfo, stillKind) = try readStill(stillPath, options: options)
        let movieFile = try readMovie(moviePath, dryRun: options.dryRun)
        let movie = movieFile.movie
        guard let video = movie.mainVideoTrack else {
            throw LivePhotoError(path: moviePath, reason: "the movie has no video track", category: .unreadable)
        }
        let copyAsQuickTime = OutputPaths.becomesQuickTimeCopy(moviePath)
        let outputs = try OutputPaths(still: stillPath, movie: moviePath, movieIsMP4: copyAsQuickTime, directory: options.outputDirectory, named: options.outputPaths)
        let stillID = stillInfo.contentIdentifier
        let identifier = PairOperation.chooseIdentifier(options.identifier, stillID: stillID, movieID: movie.contentIdentifier)
        let timescale = movie.header.timescale
        let timing = FrameTiming(track: video, movieTimescale: timescale)
        let existing = ExistingStillImageTime(file: movieFile, videoTiming: timing)
        let stillTime = try PairStillTime.decide(options.stillTime, existing: existing, timing: timing, movieTimescale: timescale, path: moviePath)
        let wallpaper = try options.wallpaper ? WallpaperMovieEdit.decide(movieFile, stillTick: stillTime.tick, path: moviePath) : nil
        var movieEdit = LivePhotoMovieEdit(identifier: identifier, placement: stillTime.placement, existing: existing, wallpaper: wallpaper)
        let planned = movieEdit.planned
        var report = PairResult(still: stillPath, movie: moviePath, stillOutput: outputs.still, movieOutput: outputs.movie,
                                identifier: identifier, stillTime: Double(stillTime.tick) / Double(timescale), status: .paired, movieWrite: .none,
                                stillImageTime: planned.outcome, stillImageTimeNote: planned.note)
        report.wallpaperAdded = wallpaper?.added

        // A movie without a date gets the still's capture time, in the same edit as the identifier.
        let date = MovieDatePlan.decide(movie: movie) { StillCaptureTime.lookup(still: stillPath, exif: CaptureTime.exif(stillInfo.captureDate)) }
        let alreadyPaired = !copyAsQuickTime && wallpaper?.needsEdit != true ? try PairOperation.alreadyPairedTick(movieFile, timing: timing, existing: existing, identifier: identifier,
                                                                                  stillID: stillID, choice: options.stillTime, path: moviePath) : nil
        if let tick = alreadyPaired {
            report.markAlreadyPaired(still: stillPath, movie: moviePath)
            report.stillTime = Double(tick) / Double(timescale)
            // Takeout keeps the identifier and drops the dates: such a pair gets only its date.
            guard writesDateOnly(date, inPlace: outputs.still == stillPath && outputs.movie == moviePath, report: &report) else {
                return PairPlan(report: report, action: .nothing(leftoversBeside: [stillPath, moviePath]))
            }
            movieEdit.placement = PairStillTime.keep(tick: tick).placement
        }
        let known = ExistingOutputs.knownIdentifier(options.identifier, stillID: stillID, movieID: movie.contentIdentifier)
        if let found = try ExistingOutputs.check(outputs: outputs, still: stillPath, movie: moviePath, expectedIdentifier: known) {
            report.markAlreadyPaired(still: outputs.still, movie: outputs.movie)
            report.identifier = found.stillIdentifier ?? identifier
            if let time = ExistingOutputs.stillTime(of: outputs.movie) { report.stillTime = time }
            return PairPlan(report: report, action: .nothing(leftoversBeside: [outputs.still, outputs.movie]))
        }

        let cleaned = [LinkTarget.resolved(stillPath), LinkTarget.resolved(moviePath)]
        if !options.dryRun {
            // A killed run's leftovers go first: its still backup is a second hard link to the
            // still, which the hard-link policy below would otherwise refuse.
            AtomicFileWriter.removeStaleTemporaries(for: cleaned)
        }
        let targets = try WriteTargets(outputs: outputs, still: stillPath, movie: moviePath, splitHardLinks: options.splitHardLinks)
        report.movieDate = date.report
        let moviePlan = try editMovie(movieFile, outputs: outputs, moviePath: moviePath, edit: movieEdit, asQuickTime: copyAsQuickTime,
                                      date: date.plan, dateReport: &report.movieDate)
        let (method, growth) = MovieWriteMethod.decide(movieFile, edit: moviePlan, inPlace: outputs.movie == moviePath,
                                                       tailAppendAllowed: targets.movieTailAppendAllowed, faststart: options.faststart, target: targets.movie)
        report.movieWrite = method
        let stillPlan: StillWritePlan
        do {
            stillPlan = alreadyPaired != nil ? .unchanged : try StillWritePlan(still: stillPath, target: targets.still, inPlace: outputs.still == stillPath, kind: stillKind,
                                           stillIdentifier: stillID, identifier: identifier, replaceForeignMakerNote: options.replaceForeignMakerNote,
                                           recoverInterrupted: !options.dryRun)
        } catch {
            throw LivePhotoError.wrap(error, path: outputs.still, category: .refused)
        }
        report.stillWrite = stillPlan.method
        if options.dryRun && alreadyPaired == nil { report.status = .dryRun }
        let write = PairWrite(stillPath: stillPath, moviePath: moviePath, identifier: identifier, outputs: outputs, targets: targets,
                              cleaned: cleaned, stillPlan: stillPlan, movieEdit: moviePlan, movieDate: date.plan, method: method, growth: growth,
                              faststart: options.faststart)
        return PairPlan(report: report, action: .write(write))
    }

    /// Whether an already-paired pair is written all the same: its movie has no date and the
    /// still one to give (in place only: `-o DIR` writes nothing for a pair already made). What
    /// is (or would be) written, or why nothing, is reported as `movieDate`.
    static func writesDateOnly(_ date: (plan: MovieDatePlan?, report: MovieDate?), inPlace: Bool, report: inout PairResult) -> Bool {
        guard inPlace else { return false }
        report.movieDate = date.report
        return date.plan != nil
    }

    /// The still's facts and kind (told by content, once); a foreign MakerNote is refused here,
    /// in a dry run too, unless replacing it was allowed.
    static func readStill(_ stillPath: String, options: PairOptions) throws -> (StillImageInfo, PairPlan.StillKind) {
        let stillInfo: StillImageInfo
        let heic: HEICStill?
        do {
            (stillInfo, heic) = try StillReading.read(path: stillPath)
        } catch { throw LivePhotoError.wrap(error, path: stillPath) }
        if case .foreign(let maker) = stillInfo.makerNote, !options.replaceForeignMakerNote {
            throw LivePhotoError.foreignMakerNote(ForeignMakerNoteError(maker: maker), path: stillPath)
        }
        return (stillInfo, heic.map { .heic($0) } ?? .jpeg)
    }

    /// The movie as a reader sees it, after undoing what an interrupted run left: a journaled
    /// `moov` overwrite or an unfinished tail append (not in a dry run, which changes nothing).
    static func readMovie(_ moviePath: String, dryRun: Bool) throws -> MovieFile {
        if !dryRun { try PairOperation.recoverInterruptedOverwrite(moviePath) }
        let movieFile = try InputFiles.openMovie(moviePath)
        guard let append = movieFile.interruptedAppend, !dryRun else { return movieFile }
        // An earlier run was interrupted mid-append: cut what its marker says it added, then read again.
        do {
            try WritePermission.require(moviePath)
            try InterruptedAppendRecovery.undo(path: moviePath, append)
        } catch {
            let reason = (error as? ParseError)?.message ?? "\(error)"
            throw LivePhotoError(path: moviePath, reason: "cannot clean up an interrupted edit: \(reason)", category: .refused, errno: (error as? ParseError)?.errno)
        }
        return try InputFiles.openMovie(moviePath)
    }

    /// The movie edit, planned in memory (so a dry run names the method a real run takes) and
    /// read back; nil for the everyday repair where the movie already carries the identifier
    /// (and a date, or none is to be written) and its own track is kept, so only the still is written.
    static func editMovie(_ movieFile: MovieFile, outputs: OutputPaths, moviePath: String, edit movieEdit: LivePhotoMovieEdit,
                          asQuickTime: Bool, date: MovieDatePlan?, dateReport: inout MovieDate?) throws -> MovieRewritePlan? {
        guard outputs.movie != moviePath || date != nil || !movieEdit.changesNothing(in: movieFile.movie) else { return nil }
        let edit = MovieRewritePlan(file: movieFile)
        if asQuickTime && !movieFile.isQuickTime { edit.replacementFileType = MovieRewritePlan.quickTimeFileType() }
        do {
            try movieEdit.apply(to: edit)
            try date?.apply(to: edit, report: &dateReport)
        } catch {
            throw LivePhotoError.wrap(error, path: moviePath)
        }
        try MovieReadBack.check(edit, identifier: movieEdit.identifier, creationDate: date?.creationDate, path: moviePath)
        return edit
    }
}

extension PairResult {
    /// Nothing is written: the files (`still`, `movie`) already form the pair, track kept.
    mutating func markAlreadyPaired(still: String, movie: String) {
        status = .alreadyPaired
        stillOutput = still
        movieOutput = movie
        stillImageTime = .kept
        stillImageTimeNote = nil
    }
}
