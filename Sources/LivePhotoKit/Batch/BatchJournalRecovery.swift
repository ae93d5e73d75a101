import BinaryIO

/// `pair DIR` meeting what a killed `pair` left beside files (`InterruptedPairLeftovers`): a
/// `--faststart` growth's overwrite journal (the movie may read as damaged, or already as
/// paired) and temporary files such as the still's backup (beside a still that may already
/// read as paired, so the pair would be passed over). Under each file's lock, as a single `pair` does: the journal's old
/// bytes are put back and the temporaries removed, and the file is read and matched again, so the
/// batch pairs it like any other. One that cannot be put back is reported with that reason.
enum BatchJournalRecovery {
    static func recover(_ scan: LibraryScan, options: PairOptions) -> LibraryScan {
        guard !options.dryRun else { return scan }
        var files = scan.files
        var changed = false
        for (path, _) in scan.leftovers.sorted(by: { $0.key < $1.key }) {
            guard let i = files.firstIndex(where: { $0.path == path }) else { continue }
            let role = files[i].role
            changed = true
            do {
                let locks = try OperationLocks.acquire([path], mode: .exclusive, wait: options.lockWait, stop: options.stop)
                defer { locks.release() }
                // Looked at again under the lock: a run that held it may have finished.
                let leftovers = InterruptedPairLeftovers.find(still: role == .still ? path : nil, movie: role == .movie ? path : nil)
                if leftovers.journal != nil { try PairOperation.recoverInterruptedOverwrite(path) }
                AtomicFileWriter.removeStaleTemporaries(for: [LinkTarget.resolved(path)])
                files[i] = ScannedFile.read(path: path, role: role)
            } catch {
                files[i].error = LivePhotoError.wrap(error, path: path).reason
            }
        }
        guard changed else { return scan }
        return LibraryScan(findings: LibraryMatcher.match(files), filesRead: scan.filesRead, unreadableFolders: scan.unreadableFolders, files: files)
    }
}
