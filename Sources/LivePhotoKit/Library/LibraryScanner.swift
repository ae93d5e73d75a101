import Foundation

/// Walks folders (recursively) for stills and movies and reads each one's headers in parallel.
/// Hidden files (including our own temporary files) are passed over.
public enum LibraryScanner {
    /// The still and movie files below `roots`, by extension, sorted; folders that cannot be
    /// walked are returned with the reason.
    public static func listFiles(in roots: [String]) -> (files: [(path: String, role: ScannedFile.Role)], unreadable: [(path: String, reason: String)]) {
        var files: [(String, ScannedFile.Role)] = []
        var unreadable: [(String, String)] = []
        let fm = FileManager.default
        for root in roots {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: root, isDirectory: &isDir) else { unreadable.append((root, "no such file or directory")); continue }
            guard isDir.boolValue else { unreadable.append((root, "not a directory")); continue }
            guard fm.isReadableFile(atPath: root), let walker = fm.enumerator(at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
                unreadable.append((root, "permission denied")); continue
            }
            for case let url as URL in walker {
                guard let role = ScannedFile.role(forExtension: url.pathExtension) else { continue }
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                files.append((url.path, role))
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
        return LibraryScan(findings: LibraryMatcher.match(scanned), filesRead: scanned.count, unreadableFolders: unreadable)
    }
}
