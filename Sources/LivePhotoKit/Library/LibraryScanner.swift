import Foundation

/// Walks folders (recursively) for stills and movies and reads each one's headers in parallel.
/// Hidden files (including our own temporary files) are passed over.
public enum LibraryScanner {
    /// The still and movie files below `roots` (or in the list), by extension, sorted, each with the reason it
    /// cannot be used, if it cannot (`DirectoryWalker`); folders that cannot be walked are
    /// returned with the reason.
    public static func listFiles(in roots: LibrarySource) -> (files: [(path: String, role: ScannedFile.Role, problem: String?)], unreadable: [(path: String, reason: String)]) {
        var listed: [DirectoryWalker.File] = []
        let unreadable = roots.list { listed.append($0) }
        let files = listed.sorted { $0.path < $1.path }.map { (path: $0.path, role: $0.role, problem: $0.problem) }
        return (files, unreadable)
    }

    /// Lists and reads every still and movie below `roots` (or in the list), then matches them into findings.
    /// Reading starts as the walk lists the first file (the walk of a large library is a few ms
    /// that the readers need not wait for); the files are then put in path order, as listed.
    /// With `forVerify`, each file also keeps what `verify` checks (see `ScannedFile.read`).
    public static func scan(_ roots: LibrarySource, jobs: Int = ParallelWork.defaultJobs, progress: ProgressReporter? = nil, forVerify: Bool = false) -> LibraryScan {
        progress?.start(total: 0)
        var unreadable: [(path: String, reason: String)] = []
        var listed = 0
        let read = ParallelWork.stream(jobs: jobs, progress: { progress?.update(done: $0) }, produce: { hand in
            unreadable = roots.list { file in
                listed += 1
                progress?.raise(total: listed)
                hand(file)
            }
        }) { (file: DirectoryWalker.File) in
            ScannedFile.read(listed: file.path, role: file.role, problem: file.problem, forVerify: forVerify)
        }
        progress?.finish()
        let scanned = read.indices.sorted { read[$0].path < read[$1].path }.map { read[$0] }
        // One listing per folder: what a killed `pair` left is named until it is dealt with.
        let leftovers = InterruptedPairLeftovers.byFile(scanned)
        return LibraryScan(findings: LibraryMatcher.match(scanned).map { $0.naming(leftovers) }, filesRead: scanned.count,
                           unreadableFolders: unreadable, files: scanned, leftovers: leftovers)
    }
}
