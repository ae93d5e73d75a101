import Foundation

/// Walks folders (recursively) for stills and movies and reads each one's headers in parallel.
/// Hidden files (including our own temporary files) are passed over.
public enum LibraryScanner {
    /// The still and movie files below `roots`, by extension, sorted, each with the reason it
    /// cannot be used, if it cannot (`DirectoryWalker`); folders that cannot be walked are
    /// returned with the reason.
    public static func listFiles(in roots: [String]) -> (files: [(path: String, role: ScannedFile.Role, problem: String?)], unreadable: [(path: String, reason: String)]) {
        let walker = DirectoryWalker.walk(roots)
        let files = walker.files.sorted { $0.path < $1.path }.map { (path: $0.path, role: $0.role, problem: $0.problem) }
        return (files, walker.unreadableFolders)
    }

    /// Lists and reads every still and movie below `roots`, then matches them into findings.
    /// With `forVerify`, each file also keeps what `verify` checks (see `ScannedFile.read`).
    public static func scan(_ roots: [String], jobs: Int = ParallelWork.defaultJobs, progress: ProgressReporter? = nil, forVerify: Bool = false) -> LibraryScan {
        let (list, unreadable) = listFiles(in: roots)
        progress?.start(total: list.count)
        let scanned = ParallelWork.map(count: list.count, jobs: jobs, progress: { progress?.update(done: $0) }) {
            if let problem = list[$0].problem {
                return ScannedFile(path: list[$0].path, role: list[$0].role, format: .unknown, identifier: nil, stillImageTimeTracks: 0, error: problem)
            }
            return ScannedFile.read(path: list[$0].path, role: list[$0].role, forVerify: forVerify)
        }
        progress?.finish()
        return LibraryScan(findings: LibraryMatcher.match(scanned), filesRead: scanned.count, unreadableFolders: unreadable, files: scanned)
    }
}
