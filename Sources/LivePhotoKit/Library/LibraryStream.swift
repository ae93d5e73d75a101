import Foundation

/// Part of a streaming scan's findings, final when handed over: one folder's, or (at the end)
/// those that span folders.
public struct ScannedFolder: Sendable {
    /// The files read, in path order.
    public var files: [ScannedFile]
    /// Their findings, in path order of each finding's first file.
    public var findings: [LibraryFinding]
    /// What a killed `pair` left beside the files (only files with leftovers).
    var leftovers: [String: InterruptedPairLeftovers] = [:]
}

extension LibraryScan {
    /// The scan of one part of a streaming scan (its files read count as the part's files).
    init(_ part: ScannedFolder) {
        self.init(findings: part.findings, filesRead: part.files.count, unreadableFolders: [], files: part.files, leftovers: part.leftovers)
    }
}

/// A streaming scan's totals, once every folder is handed over.
public struct LibraryScanEnd: Sendable {
    public var filesRead: Int
    /// Folders given that could not be walked: (path, reason).
    public var unreadableFolders: [(path: String, reason: String)]
}

extension LibraryScanner {
    /// Files listed and not yet handed over that a scan holds at most (or one whole folder,
    /// when larger): enough to keep every reader busy across many small folders.
    public static let streamWindow = 4096

    /// Lists, reads and matches every still and movie below `roots`, handing each folder's
    /// findings to `each` as soon as they are final, folders in walk order. A folder is final
    /// when every file with an identifier in it found its partner there (the usual Live Photo);
    /// one where such a file did not (a copy elsewhere may be its partner) is held back, with
    /// its files, and matched with the other held folders at the end, when the last part is
    /// handed over: those folders and the `duplicate-identifier` findings, made from a small
    /// key kept per file (`IdentifierLedger`). Memory follows the largest folder, the held
    /// folders and the keys, not the library. `each` runs on one thread at a time.
    /// The progress total grows as the walk lists files (the walk is not done twice).
    /// `afterRead` runs on the reader's thread right after each file is read (`convert DIR`
    /// converts a Motion Photo there), before its folder is handed over. `outputFolder`, where
    /// the run writes (`-o DIR`), is not walked below a root: its files are this run's outputs.
    public static func stream(_ roots: LibrarySource, jobs: Int = ParallelWork.defaultJobs, progress: ProgressReporter? = nil,
                              forVerify: Bool = false, outputFolder: String? = nil, afterRead: ((ScannedFile) -> Void)? = nil,
                              each: @escaping (ScannedFolder) -> Void) -> LibraryScanEnd {
        progress?.start(total: 0)
        let matcher = StreamingMatcher(each)
        var unreadable: [(path: String, reason: String)] = []
        var listed = 0
        GroupedWork.run(jobs: jobs, window: streamWindow, progress: { progress?.update(done: $0) }, produce: { hand in
            unreadable = roots.list(outputFolder: outputFolder) { listing in
                listed += listing.files.count
                progress?.raise(total: listed)
                hand(listing.files)
            }
        }, { (file: DirectoryWalker.File) in
            let read = ScannedFile.read(listed: file, forVerify: forVerify)
            afterRead?(read)
            return read
        }, finished: matcher.folderRead)
        matcher.finish()
        progress?.finish()
        return LibraryScanEnd(filesRead: listed, unreadableFolders: unreadable)
    }
}
