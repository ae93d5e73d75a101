/// One folder's share of `convert DIR` (or, last, the share of what the streaming scan held
/// back): what the scan found there and its conversions, handed on once they are durable.
public struct ConvertPart: Sendable {
    /// The folder's scan: its files and findings (not the library's).
    public var scan: LibraryScan
    /// Its files the scan could not read first, then Motion Photos without a video, then the
    /// conversions.
    public var results: [ConvertResult]

    /// Every part of a streamed run gathered into one scan and one list of results.
    static func collect(_ run: (_ each: @escaping (ConvertPart) -> Void) -> LibraryScanEnd) -> (scan: LibraryScan, results: [ConvertResult]) {
        var findings: [LibraryFinding] = [], files: [ScannedFile] = [], results: [ConvertResult] = []
        let end = run { part in
            findings += part.scan.findings
            files += part.scan.files
            results += part.results
        }
        files.sort { $0.path < $1.path }
        return (LibraryScan(findings: LibraryMatcher.sortedByFirstFile(findings), filesRead: end.filesRead,
                            unreadableFolders: end.unreadableFolders, files: files), results)
    }
}
