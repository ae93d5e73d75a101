import BinaryIO
import ISOBMFF

/// Puts a prepared pair in place. The order is chosen so that a kill at any instant leaves
/// each file in its original or its paired form, and rerunning the same `pair` completes it:
///
/// 1. (before this) a new still, and a rewritten or new movie, are written and fsynced in
///    temporary files. For a JPEG (or a HEIC written whole) nothing visible has changed; a HEIC
///    edited in place already has its new EXIF appended in a new `mdat` (the file is longer,
///    its items and their bytes as they were), which its own commit, an `iloc` change, puts in
///    effect.
/// 2. The replacement files are locked, so whoever opens a path after its rename waits for
///    the whole pair (see `FileLockSet`). A stop request here rolls everything back.
/// 3. A backup name for the original still is made (`StillBackup`).
/// 4. The still is committed first (rename). From here on the still carries the identifier
///    and the movie may not yet: a rerun reuses the still's identifier and completes the movie.
///    The movie never carries the new identifier before the still does.
/// 5. The movie: a tail edit appends its new boxes only now (readers keep using the old `moov`
///    until the 4-byte retirement; a rerun cuts an unfinished append), an in-place growth
///    journals the old `moov` region then overwrites it (a rerun puts a journaled region
///    back), or a rename.
/// 6. The backup is dropped.
///
/// Durability (power loss), one flush per step that a later step relies on: the still's
/// temporary file is fsynced before its rename (no rename can outlast its data); the rename
/// (the directory's fsync) and the append (fdatasync) are both durable before the retirement,
/// so the movie's new `moov` never rules on disk before the still carries the identifier and
/// the appended bytes are there. For a tail edit the directory is flushed after the append is
/// written, just before the append's own flush, so the two can share one journal commit; an
/// append cut off by power loss before then is an unfinished append, which a rerun removes.
/// The retirement is flushed before the run reports success.
///
/// A failure in 5 that leaves the movie as it was (an append refused for lack of space or
/// by RLIMIT_FSIZE, a failed rename) puts the original still back, so nothing changes.
struct PairCommit {
    enum StillWrite {
        /// A new still (a JPEG, or a HEIC written whole), fsynced in a temporary file; the
        /// original is backed up before the rename so a failed movie puts it back.
        case replacement(AtomicFileWriter)
        /// A HEIC's in-place item edit: no backup can restore that one, so if the movie then
        /// fails the still stays paired and a rerun completes the movie.
        case itemEditInPlace(PreparedFileWrite)
        /// A HEIC that already holds the identifier: nothing to commit.
        case unchanged

        var write: PreparedFileWrite {
            switch self {
            case .replacement(let writer): return writer
            case .itemEditInPlace(let edit): return edit
            case .unchanged: return UnchangedFile()
            }
        }

        var replacement: AtomicFileWriter? {
            if case .replacement(let writer) = self { return writer }
            return nil
        }
    }

    enum MovieWrite {
        /// A rewritten or new movie, fsynced in a temporary file.
        case replacement(AtomicFileWriter)
        /// An in-place tail edit, planned but not yet written.
        case tailAppend(TailAppendMovieWrite)
        /// `--faststart` in place: the new `moov` over the old one and its padding, journaled.
        case growInPlace(InPlaceMoovGrowth)
    }

    let still: StillWrite
    let movie: MovieWrite
    let stillTarget: String
    let movieTarget: String
    let locks: FileLockSet
    let stop: StopRequest?

    func run() throws {
        do {
            if let replacement = still.replacement { try locks.lockReplacement(replacement.temporaryPath) }
            if case .replacement(let writer) = movie { try locks.lockReplacement(writer.temporaryPath) }
        } catch FileLockError.unavailable(let path, let errno, _) {
            // A temporary file of ours could not be locked: nothing is committed, and the error
            // names the file the user gave (the temporary is gone), as a failed write does.
            abortAll()
            let target = path == still.replacement?.temporaryPath ? stillTarget : movieTarget
            throw LivePhotoError(path: target, reason: "cannot lock its new version before the rename: \(errno)", category: .refused, errno: errno)
        } catch let error as FileLockError {
            abortAll()
            throw OperationLocks.describe(error, stop: stop)
        }
        if let signal = stop?.signal {
            abortAll()
            throw OperationInterrupted(signal: signal)
        }

        let backup: StillBackup?
        do {
            try FaultInjection.reachOrFail(.stillBackingUp)
            backup = still.replacement != nil ? try StillBackup(of: stillTarget) : nil
        } catch {
            abortAll()
            throw LivePhotoError.wrap(error, path: stillTarget, category: .refused)
        }
        FaultInjection.reach(.stillBackedUp)

        // With a tail edit the still's directory is flushed together with the append (above).
        let stillReplacement = still.replacement
        let deferDirectorySync = stillReplacement != nil && { if case .tailAppend = movie { return true } else { return false } }()
        do {
            if let stillReplacement, deferDirectorySync { try stillReplacement.commit(syncingDirectory: false) } else { try still.write.commit() }
        } catch {
            abortMovie()   // nothing was committed: the movie's temporary goes too
            backup?.remove()
            throw LivePhotoError.wrap(error, path: stillTarget, category: .refused)
        }
        FaultInjection.reach(.stillCommitted)

        switch movie {
        case .replacement(let writer):
            do { try writer.commit() } catch {
                backup?.restore()   // the rename failed: the movie is as it was
                throw LivePhotoError.wrap(error, path: movieTarget, category: .refused)
            }
        case .tailAppend(let tail):
            do { try tail.prepare(beforeFlush: { if deferDirectorySync { AtomicFileWriter.syncDirectory(of: stillTarget) } }) } catch {
                backup?.restore()   // prepare cut its own append: the movie is as it was
                throw LivePhotoError.wrap(error, path: movieTarget, category: .refused)
            }
            // If the 4-byte retirement fails, the movie may be either form; the still stays
            // paired, which a rerun completes in both cases.
            do { try tail.commit() } catch {
                backup?.remove()
                throw LivePhotoError.wrap(error, path: movieTarget, category: .refused)
            }
        case .growInPlace(let growth):
            do { try growth.prepare() } catch {
                backup?.restore()   // only the journal was written, and it is gone: the movie is as it was
                throw LivePhotoError.wrap(error, path: movieTarget, category: .refused)
            }
            do { try growth.commit() } catch {
                // Put back, the movie is as it was; else its journal restores it on the next run.
                if growth.restoredAfterFailure { backup?.restore() } else { backup?.remove() }
                throw LivePhotoError.wrap(error, path: movieTarget, category: .refused)
            }
        }
        FaultInjection.reach(.movieCommitted)
        backup?.remove()
    }

    private func abortMovie() {
        if case .replacement(let writer) = movie { writer.discard() }
    }

    private func abortAll() {
        still.write.abort()
        abortMovie()
    }
}
