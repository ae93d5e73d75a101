import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The write steps of `pair` (then of `convert`), in the order they happen. TEST-ONLY fault injection can stop
/// the process at any of them (see `FaultInjection`).
public enum WriteStep: String, CaseIterable, Sendable {
    /// The new still is written and fsynced in a temporary file beside its target.
    case stillPrepared = "still-prepared"
    /// A rewritten or new movie is written and fsynced in a temporary file (not the tail edit).
    case moviePrepared = "movie-prepared"
    /// The replacement files are being locked (where an `EIO` plan makes a lock fail, as
    /// `flock` can on a network file system, so every prepared file must be discarded).
    case replacementLocking = "replacement-locking"
    /// The replacements are locked; the original still's backup name comes next (where an
    /// `EIO` plan makes it fail, so every prepared file must be discarded).
    case stillBackingUp = "still-backing-up"
    /// A second name for the original still exists, to put it back if the movie then fails.
    case stillBackedUp = "still-backed-up"
    /// A HEIC edited in place: the new `iloc` extents are written over `meta`, not yet flushed
    /// (where an `EIO` plan makes the flush fail, so the old bytes must go back).
    case stillMetaPatched = "still-meta-patched"
    /// The new still has replaced the original (rename).
    case stillCommitted = "still-committed"
    /// Tail edit: half of the new boxes are appended to the movie.
    case movieAppending = "movie-appending"
    /// Tail edit: the new boxes are appended and fsynced; the old `moov` still rules.
    case movieAppended = "movie-appended"
    /// In-place growth: the old bytes of the `moov` region are saved in a journal (fsynced).
    case movieJournaled = "movie-journaled"
    /// In-place growth: half of the new `moov` region is written over the old one.
    case movieOverwriting = "movie-overwriting"
    /// In-place growth: the new region is written and fsynced; the journal is not yet removed.
    case movieOverwritten = "movie-overwritten"
    /// The movie is committed (renamed, or its old `moov` retired); the backup still remains.
    case movieCommitted = "movie-committed"
    /// `convert`: the new still is complete in its temporary file.
    case convertStillWritten = "convert-still-written"
    /// `convert`: the new movie (or Motion Photo) is complete in its temporary file.
    case convertMovieWritten = "convert-movie-written"
    /// `convert`: an output has its name (a hard link) and its temporary name is not yet removed.
    case convertOutputLinked = "convert-output-linked"
    /// `convert`: the movie is in place, its still not yet.
    case convertMoviePlaced = "convert-movie-placed"
    /// `convert`: every output is in place; the sync of their file system comes next (where
    /// an `EIO` plan makes it fail, as syncfs can on a network file system).
    case convertOutputsSyncing = "convert-outputs-syncing"
    /// `pair` and `convert`: a new still is written (in its temporary file, or appended to the
    /// original) and is read back next (where a `CUT` plan cuts its last byte off).
    case stillWritten = "still-written"
    /// `convert`: a new Motion Photo is written in its temporary file and is read back next.
    case motionPhotoWritten = "motion-photo-written"
}

/// TEST-ONLY: makes the process stop dead at a named write step, to prove that a kill at any
/// instant leaves every file recoverable. Read once from the environment:
///
///     LIVEPHOTO_FAULT_AT=<step>[@<n>]    the step (a `WriteStep` raw value), at its n-th reach (default 1)
///     LIVEPHOTO_FAULT_SIGNAL=KILL|TERM|INT   what to raise there (default KILL)
///     LIVEPHOTO_FAULT_SIGNAL=EIO             instead, the step's write fails with an I/O error
///                                            (only at the steps that call `reachOrFail`)
///     LIVEPHOTO_FAULT_SIGNAL=CUT             instead, the file just written loses its last byte, as a
///                                            writer's mistake or a lying disk would leave it: its
///                                            read-back must refuse it (where `WrittenFileMismatch.check(written:at:)` runs one)
///
/// Unset (every real run), `reach` costs one comparison.
public enum FaultInjection {
    /// What happens at the step: a signal raised, or (where the writer can fail) an I/O error.
    enum Action: Equatable { case raise(Int32), failWithEIO, cutLastByte }
    struct Plan: Equatable { let step: WriteStep; let count: Int; let action: Action }

    static let plan: Plan? = {
        let env = ProcessInfo.processInfo.environment
        return plan(at: env["LIVEPHOTO_FAULT_AT"], signal: env["LIVEPHOTO_FAULT_SIGNAL"])
    }()

    /// The plan the two variables name; nil when the step is unset or not a step. A count that
    /// is missing, not a number or below 1 is the first reach.
    static func plan(at spec: String?, signal: String?) -> Plan? {
        guard let spec, !spec.isEmpty else { return nil }
        let parts = spec.split(separator: "@", maxSplits: 1).map(String.init)
        guard let step = WriteStep(rawValue: parts[0]) else { return nil }
        let count = parts.count > 1 ? max(1, Int(parts[1]) ?? 1) : 1
        let action: Action
        switch signal?.uppercased() {
        case "TERM", "SIGTERM": action = .raise(SIGTERM)
        case "INT", "SIGINT": action = .raise(SIGINT)
        case "EIO": action = .failWithEIO
        case "CUT": action = .cutLastByte
        default: action = .raise(SIGKILL)
        }
        return Plan(step: step, count: count, action: action)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var reached = 0

    /// Called by the writers at each step.
    public static func reach(_ step: WriteStep) {
        guard let plan = firing(step), case .raise(let signal) = plan.action else { return }
        stop(signal)
    }

    /// `reach`, at a step whose write can fail: an `EIO` plan makes it throw there, so the
    /// writer's own recovery from a failed write runs as it would after a disk error.
    public static func reachOrFail(_ step: WriteStep) throws {
        guard let plan = firing(step) else { return }
        switch plan.action {
        case .raise(let signal): stop(signal)
        case .failWithEIO: throw ParseError.system(Errno(rawValue: EIO), "injected write failure")
        case .cutLastByte: return
        }
    }

    /// `reach`, where the file at `path` was just written and is read back next: a `CUT` plan
    /// cuts its last byte off, so the read-back sees a file other than the one written.
    public static func reach(_ step: WriteStep, written path: String) {
        guard let plan = firing(step) else { return }
        switch plan.action {
        case .raise(let signal): stop(signal)
        case .failWithEIO: return
        case .cutLastByte:
            var info = stat()
            if stat(path, &info) == 0, info.st_size > 0 { _ = truncate(path, info.st_size - 1) }
        }
    }

    private static func stop(_ signal: Int32) {
        if signal == SIGKILL { kill(getpid(), SIGKILL) } else { raise(signal) }
    }

    /// The plan when this reach of `step` is the one it names.
    private static func firing(_ step: WriteStep) -> Plan? {
        guard let plan, plan.step == step else { return nil }
        lock.lock()
        reached += 1
        let fire = reached == plan.count
        lock.unlock()
        return fire ? plan : nil
    }
}
