import BinaryIO

/// `pair DIR` meeting what a killed `pair` left beside files (`InterruptedPairLeftovers`): a
/// `--faststart` growth's overwrite journal (the movie may read as damaged, or already as
/// paired) and a still backup (beside a still that may already read as paired, so the pair
/// would be passed over). Under each file's lock, as a single `pair` does: the journal's old
/// bytes are put back and the backup removed, and the file is read and matched again, so the
/// batch pairs it like any other. One that cannot be put back is reported with that reason.
enum BatchJournalRecovery {
    static func recover(_ scan: LibraryScan, options: PairOptions) -> LibraryScan {
        guard !options.dryRun else { return scan }
        var files = scan.files
        var changed = false
        for i in files.indices {
            let path = files[i].path, role = files[i].role
            let look = { InterruptedPairLeftovers.find(still: role == .still ? path : nil, movie: role == .movie ? path : nil) }
            guard !look().isEmpty else { continue }
            changed = true
            do {
                let locks = try OperationLocks.acquire([path], mode: .exclusive, wait: options.lockWait, stop: options.stop)
                defer { locks.release() }
                let leftovers = look()   // again under the lock: a run that held it may have finished
                if leftovers.journal != nil { try PairOperation.recoverInterruptedOverwrite(path) }
                for backup in leftovers.stillBackups { FileSystemCalls.unlink(backup) }
                files[i] = ScannedFile.read(path: path, role: role)
            } catch {
                files[i].error = LivePhotoError.wrap(error, path: path).reason
            }
        }
        guard changed else { return scan }
        return LibraryScan(findings: LibraryMatcher.match(files), filesRead: scan.filesRead, unreadableFolders: scan.unreadableFolders, files: files)
    }
}
