import Foundation

/// Walks folders (recursively) for stills and movies and reads each one's headers in parallel.
/// Hidden files (including our own temporary files) are passed over.
public enum LibraryScanner {
    /// The still and movie files below `roots`, by extension, sorted; folders that cannot be
    /// walked are returned with the reason.
    public static func listFiles(in roots: [String]) -> (files: [(path: String, role: ScannedFile.Role)], unreadable: [(path: String, reason: String)]) {
        var files: [(String, ScannedFile.Role)] = []
        var unreadable: [(String, String)] = []
        for root in roots {
            var st = stat()
            guard stat(root, &st) == 0 else { unreadable.append((root, "no such file or directory")); continue }
            guard (st.st_mode & S_IFMT) == S_IFDIR else { unreadable.append((root, "not a directory")); continue }
            let folder = URL(fileURLWithPath: root).standardizedFileURL.path
            do {
                try DirectoryWalker.walk(folder) { path in
                    guard let dot = path.lastIndex(of: "."), let slash = path.lastIndex(of: "/"), dot > path.index(after: slash),
                          let role = ScannedFile.role(forExtension: String(path[path.index(after: dot)...])) else { return }
                    files.append((path, role))
                }
            } catch DirectoryWalker.Failure.cannotOpen(let reason) {
                unreadable.append((root, reason))
            } catch {
                unreadable.append((root, "\(error)"))
            }
        }
        files.sort { $0.0 < $1.0 }
        return (files.map { (path: $0.0, role: $0.1) }, unreadable.map { (path: $0.0, reason: $0.1) })
    }

    /// Lists and reads every still and movie below `roots`, then matches them into findings.
    public static func scan(_ roots: [String], jobs: Int = ParallelWork.defaultJobs, progress: ProgressReporter? = nil) -> LibraryScan {
        let (list, unreadable) = listFiles(in: roots)
        progress?.start(total: list.count)
        let scanned = ParallelWork.map(count: list.count, jobs: jobs, progress: { progress?.update(done: $0) }) {
            ScannedFile.read(path: list[$0].path, role: list[$0].role)
        }
        progress?.finish()
        return LibraryScan(findings: LibraryMatcher.match(scanned), filesRead: scanned.count, unreadableFolders: unreadable, files: scanned)
    }
}
