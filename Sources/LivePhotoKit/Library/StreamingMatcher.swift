/// The matching side of `LibraryScanner.stream`: called once per folder, in order, one call at
/// a time (`GroupedWork` hands groups on one by one).
///
/// A folder's findings leave at once, but for its open files (an identifier with no partner
/// in the folder: a copy elsewhere may be its partner, `OpenFiles`). An open file nothing else
/// in its folder could meet waits alone as a small key (`IdentifierLedger`), and the rest of
/// its folder leaves; a folder whose open file could meet another waits whole. At the end the
/// keys give the copies of each identifier, the findings of the files that waited alone (in
/// parts of at most `window` files), and the folders that waited are matched with the
/// waiting files that may pair with theirs.
final class StreamingMatcher: @unchecked Sendable {
    private let each: (ScannedFolder) -> Void
    private let window: Int
    private var ledger = IdentifierLedger()
    private var held: [ScannedFolder] = []

    /// Files held whole (in folders waiting for the end); keys aside.
    var heldFileCount: Int { held.reduce(0) { $0 + $1.files.count } }

    init(window: Int = LibraryScanner.streamWindow, _ each: @escaping (ScannedFolder) -> Void) { self.each = each; self.window = window }

    func folderRead(_ read: [ScannedFile]) {
        let files = read.sorted { $0.path < $1.path }
        let (findings, open, free) = LibraryMatcher.match(files, elsewhere: [:])
        // One listing per folder: what a killed `pair` left is named until it is dealt with.
        let leftovers = InterruptedPairLeftovers.byFile(files)
        let openFiles = OpenFiles(files, open: open, free: free, leftovers: leftovers)
        if openFiles.entangled {
            ledger.note(files) { _ in .held }
            held.append(ScannedFolder(files: files, findings: [], leftovers: leftovers))
            return
        }
        let waiting = Set(open)
        ledger.note(files) { waiting.contains($0) ? .deferred : .paired }
        guard !waiting.isEmpty else {
            each(ScannedFolder(files: files, findings: findings.map { $0.naming(leftovers) }, leftovers: leftovers))
            return
        }
        // An isolated open file's only finding is its own (what it is alone): made at the end.
        let waitingPaths = Set(open.map { files[$0].path })
        let names = { (f: LibraryFinding) in [f.still, f.movie].contains { $0.map(waitingPaths.contains) == true } }
        let part = ScannedFolder(files: files.indices.filter { !waiting.contains($0) }.map { files[$0] },
                                 findings: findings.filter { !names($0) }.map { $0.naming(leftovers) }, leftovers: leftovers)
        if !part.files.isEmpty || !part.findings.isEmpty { each(part) }
    }

    /// The copies of each identifier, the files that waited alone, and the held folders matched
    /// together with the waiting files whose identifier may pair across folders.
    func finish() {
        var endFiles = held.flatMap(\.files)
        let leftovers = held.reduce(into: [String: InterruptedPairLeftovers]()) { all, folder in all.merge(folder.leftovers) { a, _ in a } }
        held = []
        var partnered = IdentifierLedger.Partnered()
        var part = ScannedFolder(files: [], findings: [])
        ledger.forEachIdentifier { id, members in
            let text = ledger.identifier(id)
            if let copies = copies(text, members) { part.findings.append(copies) }
            let keys = members.map { (index: $0, key: ledger.key($0)) }
            let alone = keys.filter { $0.key.deferred }
            // A held folder's file, or open files of both kinds: the matcher decides who pairs.
            let toMatch = keys.contains { $0.key.held } || (alone.contains { $0.key.role == .still } && alone.contains { $0.key.role == .movie })
            if toMatch {
                endFiles += alone.map { ledger.deferredFile($0.index) }
                for k in keys where k.key.paired { partnered[k.key.role, default: []].insert(text) }
                return
            }
            for k in alone {
                let file = ledger.deferredFile(k.index)
                let otherKindPaired = keys.contains { $0.key.role != file.role && $0.key.paired }
                part.files.append(file)
                part.findings.append(LibraryMatcher.alone(file.path, file.role, text, otherKindPaired: otherKindPaired))
            }
            if part.files.count >= window { hand(&part) }
        }
        hand(&part)
        guard !endFiles.isEmpty else { return }
        let files = endFiles.sorted { $0.path < $1.path }
        let findings = LibraryMatcher.match(files, elsewhere: partnered).findings.map { $0.naming(leftovers) }
        each(ScannedFolder(files: files, findings: findings, leftovers: leftovers))
    }

    /// One `duplicate-identifier` finding when the identifier is on several stills or several
    /// movies: its copies, stills first, each kind in path order (as `LibraryMatcher` names them).
    private func copies(_ id: String, _ members: [Int]) -> LibraryFinding? {
        let stills = members.filter { ledger.key($0).role == .still }, movies = members.filter { ledger.key($0).role == .movie }
        guard stills.count > 1 || movies.count > 1 else { return nil }
        return LibraryMatcher.duplicate(id, stills: stills.map(ledger.path).sorted(), movies: movies.map(ledger.path).sorted())
    }

    /// Hands `part` on (its findings in path order) unless it is empty, and empties it.
    private func hand(_ part: inout ScannedFolder) {
        guard !part.files.isEmpty || !part.findings.isEmpty else { return }
        part.files.sort { $0.path < $1.path }
        part.findings = LibraryMatcher.sortedByFirstFile(part.findings)
        each(part)
        part = ScannedFolder(files: [], findings: [])
    }
}
