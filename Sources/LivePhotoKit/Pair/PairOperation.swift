import Foundation
import BinaryIO
import ISOBMFF
import StillImage

/// `pair`: binds a JPEG still and a QuickTime (or MP4) movie into a Live Photo by writing one
/// identifier into both and a still-image-time track into the movie. The files are locked
/// against concurrent runs, planned (`PairPlanner` decides everything once: `PairPlan`), then
/// executed (`PairExecutor`): prepared (written and fsynced beside their targets) and
/// committed still first (`PairCommit`), so neither a failure nor a kill leaves a pair that a
/// rerun cannot complete; originals are never left half-written.
public enum PairOperation {
    public static func run(still stillPath: String, movie moviePath: String, options: PairOptions = PairOptions()) throws -> PairResult {
        let keptTimes = KeptTimes(still: stillPath, movie: moviePath)   // before any read changes the access times
        try InputFiles.requireKind(stillPath, as: .pairStill)
        try InputFiles.requireKind(moviePath, as: .pairMovie)
        // Held from before the first read through the commit: a concurrent run waits, then
        // reads what this one committed (and finds the pair already paired).
        let locks = try OperationLocks.acquire(still: stillPath, movie: moviePath, mode: options.dryRun ? .shared : .exclusive,
                                               wait: options.lockWait, stop: options.stop)
        defer { locks.release() }
        let plan = try PairPlanner.plan(still: stillPath, movie: moviePath, options: options)
        return try PairExecutor(locks: locks, options: options, keptTimes: keptTimes).execute(plan)
    }

    /// A journal beside the movie means an earlier run was killed while overwriting its `moov`
    /// region (`InPlaceMoovGrowth`): its old bytes go back before the movie is read.
    static func recoverInterruptedOverwrite(_ moviePath: String) throws {
        let target = LinkTarget.resolved(moviePath)
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
