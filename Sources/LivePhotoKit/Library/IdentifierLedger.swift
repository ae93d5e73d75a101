/// What a streaming scan keeps of every file with an identifier once its folder is handed on:
/// the identifier, the role and the path, and whether the file was paired inside its folder.
/// A Live Photo lives in one folder, but its identifier may be on copies elsewhere: from these
/// keys alone the scan names the copies (`duplicate-identifier`) at the end, and tells a file
/// left without a partner whether its identifier is paired elsewhere.
struct IdentifierLedger {
    /// Identifiers of files paired by identifier, by role.
    typealias Partnered = [ScannedFile.Role: Set<String>]

    private struct Key { let identifier: String; let path: String; let role: ScannedFile.Role; let paired: Bool }
    private var keys: [Key] = []

    /// Notes the files of a folder (every file with an identifier that takes part in pairing).
    /// - Parameter paired: whether the folder paired every one of them inside itself.
    mutating func note(_ files: [ScannedFile], paired: Bool) {
        for f in files where f.error == nil && f.motionPhoto == nil {
            guard let id = f.identifier else { continue }
            keys.append(Key(identifier: id, path: f.path, role: f.role, paired: paired))
        }
    }

    /// The identifiers paired inside folders already handed on.
    var partnered: Partnered {
        var found: Partnered = [:]
        for k in keys where k.paired { found[k.role, default: []].insert(k.identifier) }
        return found
    }

    /// One `duplicate-identifier` finding per identifier on several stills or several movies:
    /// its copies, stills first, each kind in path order (as `LibraryMatcher` names them).
    func duplicates() -> [LibraryFinding] {
        let order = keys.indices.sorted { (keys[$0].identifier, keys[$0].path) < (keys[$1].identifier, keys[$1].path) }
        var findings: [LibraryFinding] = []
        var start = 0
        while start < order.count {
            let id = keys[order[start]].identifier
            var end = start
            while end < order.count && keys[order[end]].identifier == id { end += 1 }
            let group = order[start..<end].map { keys[$0] }
            let stills = group.filter { $0.role == .still }.map(\.path), movies = group.filter { $0.role == .movie }.map(\.path)
            if stills.count > 1 || movies.count > 1 {
                findings.append(LibraryMatcher.duplicate(id, stills: stills, movies: movies))
            }
            start = end
        }
        return findings
    }
}
