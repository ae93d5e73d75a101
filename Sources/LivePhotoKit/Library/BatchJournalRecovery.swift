import BinaryIO

/// `pair DIR` meeting a movie whose `--faststart` growth was killed mid-write
/// (`InPlaceMoovGrowth`): the scan finds it unreadable, with the overwrite journal beside it.
/// Its old bytes are put back first, under the movie's lock as a single `pair` does, and it is
/// read and matched again, so the batch pairs it like any other movie. One whose bytes cannot
/// be put back is reported with that reason.
enum BatchJournalRecovery {
    static func recover(_ scan: LibraryScan, options: PairOptions) -> LibraryScan {
        guard !options.dryRun else { return scan }
        var files = scan.files
        var changed = false
        for i in files.indices where files[i].role == .movie && files[i].error != nil {
            let path = files[i].path
            guard FileSystemCalls.exists(OverwriteJournal.path(for: WriteTargets.resolved(path))) else { continue }
            changed = true
            do {
                let locks = try OperationLocks.acquire([path], mode: .exclusive, wait: options.lockWait, stop: options.stop)
                defer { locks.release() }
                try PairOperation.recoverInterruptedOverwrite(path)
                files[i] = ScannedFile.read(path: path, role: .movie)
            } catch {
                files[i].error = LivePhotoError.wrap(error, path: path).reason
            }
        }
        guard changed else { return scan }
        return LibraryScan(findings: LibraryMatcher.match(files), filesRead: scan.filesRead, unreadableFolders: scan.unreadableFolders, files: files)
    }
}
