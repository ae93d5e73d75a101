import BinaryIO

/// What a streaming scan keeps of every file with an identifier once its folder is handed on:
/// a `FileKey` (the identifier as 16 bytes, where the name's bytes are in the folder's entry,
/// the role, and whether the file was paired in its folder, waits alone, or
/// waits with its folder). A Live Photo lives in one folder, but its identifier may be on
/// copies elsewhere: from these keys alone the scan names the copies (`duplicate-identifier`)
/// at the end, makes the findings of the open files that waited alone, and tells the folders
/// held whole which identifiers are paired elsewhere. Those findings can only be final at the
/// end: a copy, or the partner of a file alone, may be in the last folder read.
struct IdentifierLedger {
    /// Identifiers of files paired by identifier, by role.
    typealias Partnered = [ScannedFile.Role: Set<String>]

    /// A folder's path and the names of its files with keys, which are the ledger's names from
    /// `base` on (a folder met again after another is a new entry).
    private struct Folder { let path: String; let base: UInt64; var names: [UInt8] }
    private var folders: [Folder] = []
    private var keys = ChunkedArray<FileKey>()
    /// Open files waiting alone, in key order (`DeferredFile.key` grows).
    private var deferred = ChunkedArray<DeferredFile>()
    /// Identifiers that are not a UUID in one case, each once.
    private var texts: [String] = []
    private var textIndex: [String: Int] = [:]

    /// Notes the files of a folder (every file with an identifier that takes part in pairing),
    /// each in the state `state` gives its index.
    mutating func note(_ files: [ScannedFile], state: (Int) -> FileKey.State) {
        for (i, f) in files.enumerated() where f.error == nil && f.motionPhoto == nil {
            guard let id = f.identifier else { continue }
            let (nameOffset, nameLength) = place(f.path)
            let s = state(i)
            keys.append(FileKey(identifierKey(id), nameOffset: nameOffset, nameLength: nameLength, role: f.role, state: s))
            if s == .deferred { deferred.append(DeferredFile(key: keys.count - 1, f)) }
        }
    }

    private mutating func identifierKey(_ id: String) -> IdentifierKey {
        if let uuid = IdentifierKey.uuid(id) { return uuid }
        if let i = textIndex[id] { return .text(i) }
        texts.append(id)
        textIndex[id] = texts.count - 1
        return .text(texts.count - 1)
    }

    /// Adds the name of `path` to its folder's entry (the last one, when it is the same folder):
    /// where its bytes start in the ledger's names, and how many there are.
    private mutating func place(_ path: String) -> (UInt64, UInt16) {
        var dir = PathComponents.directory(of: path)
        if !path.utf8.starts(with: dir.utf8) { dir = "" }
        let end = folders.last.map { $0.base + UInt64($0.names.count) } ?? 0
        if folders.last?.path != dir { folders.append(Folder(path: dir, base: end, names: [])) }
        // A name is at most a few hundred bytes (NAME_MAX); one longer (a path whose folder is
        // not its prefix) keeps its first 65,535 bytes, as the 16-bit length always did.
        let name = path.utf8.dropFirst(dir.utf8.count).prefix(Int(UInt16.max))
        // A terabyte of names (FileKey.nameOffsetLimit) cannot be held in memory: the process
        // runs out of it long before this could fail.
        precondition(end + UInt64(name.count) < FileKey.nameOffsetLimit, "more names than a FileKey can place")
        folders[folders.count - 1].names.append(contentsOf: name)
        return (end, UInt16(name.count))
    }

    func path(_ k: Int) -> String {
        let key = keys[k]
        // The last folder whose names start at or before the key's (folders grow by `base`).
        var lo = 0, hi = folders.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if folders[mid].base <= key.nameOffset { lo = mid } else { hi = mid }
        }
        let folder = folders[lo]
        let start = Int(key.nameOffset - folder.base)
        return folder.path + String(decoding: folder.names[start..<start + key.nameLength], as: UTF8.self)
    }

    func key(_ k: Int) -> FileKey { keys[k] }

    func identifier(_ id: IdentifierKey) -> String { id.isText ? texts[Int(id.low)] : id.uuidText }

    /// The file an open key waiting alone stood for, made again from its key and what it kept.
    func deferredFile(_ k: Int) -> ScannedFile {
        var lo = 0, hi = deferred.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(deferred[mid].key) < k { lo = mid + 1 } else { hi = mid }
        }
        let key = keys[k]
        // Every deferred key has its record (`note` appends both).
        return deferred[lo].file(path: path(k), role: key.role, identifier: identifier(key.identifier))
    }

    /// Calls `body` with each identifier's keys (indices), the identifiers in ascending key
    /// order: the files that waited alone leave a streaming scan in that order on every run.
    func forEachIdentifier(_ body: (IdentifierKey, [Int]) -> Void) {
        var order = [UInt32](0..<UInt32(keys.count))
        order.sort { keys[Int($0)].identifier < keys[Int($1)].identifier }
        var start = 0
        while start < order.count {
            let id = keys[Int(order[start])].identifier
            var end = start + 1
            while end < order.count && keys[Int(order[end])].identifier == id { end += 1 }
            body(id, order[start..<end].map { Int($0) })
            start = end
        }
    }
}
