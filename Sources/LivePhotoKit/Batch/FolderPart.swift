/// One folder's share of a folder command (or, last, the share of what the streaming scan held
/// back): what the scan found there and the work done on it, handed on as soon as that work is
/// done, so nothing of a folder is kept once it is printed. `verify DIR`, `pair DIR` and
/// `make DIR` hand on outcomes (`BatchPart`), `convert DIR` conversions (`ConvertPart`).
public struct FolderPart<Work: Sendable>: Sendable {
    /// The folder's scan: its files, findings and leftovers (not the library's).
    public var scan: LibraryScan
    /// Its files the scan could not read first, then its work in finding order.
    public var work: [Work]

    public init(scan: LibraryScan, work: [Work]) {
        self.scan = scan
        self.work = work
    }

    /// Every part of a streamed run gathered into one scan and one list of work (for a caller
    /// that wants them all at once; the streamed run keeps less).
    static func collect(_ run: (_ each: @escaping (FolderPart) -> Void) -> LibraryScanEnd) -> (LibraryScan, [Work]) {
        var findings: [LibraryFinding] = [], files: [ScannedFile] = [], work: [Work] = []
        let end = run { part in
            findings += part.scan.findings
            files += part.scan.files
            work += part.work
        }
        files.sort { $0.path < $1.path }
        return (LibraryScan(findings: LibraryMatcher.sortedByFirstFile(findings), filesRead: end.filesRead,
                            unreadableFolders: end.unreadableFolders, files: files), work)
    }
}
