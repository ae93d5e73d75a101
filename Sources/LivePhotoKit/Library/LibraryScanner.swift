import Foundation

/// Walks folders (recursively) for stills and movies and reads each one's headers in parallel.
/// Hidden files (including our own temporary files) are passed over.
public enum LibraryScanner {
    /// The still and movie files below `roots` (or in the list), by extension, sorted, each with the reason it
    /// cannot be used, if it cannot (`DirectoryWalker`); folders that cannot be walked are
    /// returned with the reason.
    public static func listFiles(in roots: LibrarySource) -> (files: [(path: String, role: ScannedFile.Role, problem: String?)], unreadable: [(path: String, reason: String)]) {
        var listed: [DirectoryWalker.File] = []
        let unreadable = roots.list { listed += $0.files }
        let files = listed.sorted { $0.path < $1.path }.map { (path: $0.path, role: $0.role, problem: $0.problem) }
        return (files, unreadable)
    }

    /// Lists, reads and matches every still and movie below `roots`, all findings at once, in
    /// path order (`stream` hands them over folder by folder, keeping less).
    /// With `forVerify`, each file also keeps what `verify` checks (see `ScannedFile.read`).
    public static func scan(_ roots: LibrarySource, jobs: Int = ParallelWork.defaultJobs, progress: ProgressReporter? = nil, forVerify: Bool = false) -> LibraryScan {
        var files: [ScannedFile] = [], findings: [LibraryFinding] = []
        var leftovers: [String: InterruptedPairLeftovers] = [:]
        let end = stream(roots, jobs: jobs, progress: progress, forVerify: forVerify) { part in
            files += part.files
            findings += part.findings
            leftovers.merge(part.leftovers) { a, _ in a }
        }
        files.sort { $0.path < $1.path }
        return LibraryScan(findings: LibraryMatcher.sortedByFirstFile(findings), filesRead: end.filesRead,
                           unreadableFolders: end.unreadableFolders, files: files, leftovers: leftovers)
    }
}
