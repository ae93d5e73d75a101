/// The matching side of `LibraryScanner.stream`: called once per folder, in order, one call at
/// a time (`GroupedWork` hands groups on one by one).
final class StreamingMatcher: @unchecked Sendable {
    private let each: (ScannedFolder) -> Void
    private var ledger = IdentifierLedger()
    private var held: [ScannedFolder] = []

    init(_ each: @escaping (ScannedFolder) -> Void) { self.each = each }

    func folderRead(_ read: [ScannedFile]) {
        let files = read.sorted { $0.path < $1.path }
        let (findings, open) = LibraryMatcher.match(files, elsewhere: [:])
        // One listing per folder: what a killed `pair` left is named until it is dealt with.
        let leftovers = InterruptedPairLeftovers.byFile(files)
        ledger.note(files, paired: !open)
        if open {
            held.append(ScannedFolder(files: files, findings: [], leftovers: leftovers))
        } else {
            each(ScannedFolder(files: files, findings: findings.map { $0.naming(leftovers) }, leftovers: leftovers))
        }
    }

    /// The held folders, matched together (an identifier's copies in them may pair across
    /// folders), and the copies of each identifier.
    func finish() {
        let files = held.flatMap(\.files).sorted { $0.path < $1.path }
        let leftovers = held.reduce(into: [String: InterruptedPairLeftovers]()) { all, folder in all.merge(folder.leftovers) { a, _ in a } }
        held = []
        var findings = files.isEmpty ? [] : LibraryMatcher.match(files, elsewhere: ledger.partnered).findings.map { $0.naming(leftovers) }
        findings = LibraryMatcher.sortedByFirstFile(findings + ledger.duplicates())
        guard !findings.isEmpty || !files.isEmpty else { return }
        each(ScannedFolder(files: files, findings: findings, leftovers: leftovers))
    }
}
