import BinaryIO

/// What a streaming scan keeps of every file with an identifier once its folder is handed on:
/// a `FileKey` (the identifier as 16 bytes, the folder as an index, the name's bytes in the
/// folder's entry, the role, and whether the file was paired in its folder, waits alone, or
/// waits with its folder). A Live Photo lives in one folder, but its identifier may be on
/// copies elsewhere: from these keys alone the scan names the copies (`duplicate-identifier`)
/// at the end, makes the findings of the open files that waited alone, and tells the folders
/// held whole which identifiers are paired elsewhere. Those findings can only be final at the
/// end: a copy, or the partner of a file alone, may be in the last folder read.
struct IdentifierLedger {
    /// Identifiers of files paired by identifier, by role.
    typealias Partnered = [ScannedFile.Role: Set<String>]

    private struct Folder { let path: String; var names: [UInt8] }
    private var folders: [Folder] = []
    private var keys = ChunkedArray<FileKey>()
    /// Open files waiting alone, in key order (`DeferredFile.key` grows).
    private var deferred = ChunkedArray<DeferredFile>()
    /// Identifiers that are not a UUID in one case, each once.
    private var texts: [String] = []
    private var textIndex: [String: Int] = [:]

    var isEmpty: Bool { keys.count == 0 }

    /// Notes the files of a folder (every file with an identifier that takes part in pairing),
    /// each in the state `state` gives its index.
    mutating func note(_ files: [ScannedFile], state: (Int) -> FileKey.State) {
        for (i, f) in files.enumerated() where f.error == nil && f.motionPhoto == nil {
            guard let id = f.identifier else { continue }
            let (folder, nameStart, nameLength) = place(f.path)
            let s = state(i)
            keys.append(FileKey(identifierKey(id), folder: folder, nameStart: nameStart, nameLength: nameLength, role: f.role, state: s))
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

    /// The folder entry of `path` (the last one, when it is the same folder) and its name's bytes in it.
    private mutating func place(_ path: String) -> (UInt32, UInt32, UInt16) {
        var dir = PathComponents.directory(of: path)
        if !path.utf8.starts(with: dir.utf8) { dir = "" }
        if folders.last?.path != dir { folders.append(Folder(path: dir, names: [])) }
        let name = path.utf8.dropFirst(dir.utf8.count)
        let start = folders[folders.count - 1].names.count
        folders[folders.count - 1].names.append(contentsOf: name)
        // A name is at most a few hundred bytes (NAME_MAX); a folder's names fit 32 bits by far.
        return (UInt32(folders.count - 1), UInt32(start), UInt16(clamping: name.count))
    }

    func path(_ k: Int) -> String {
        let key = keys[k]
        let folder = folders[Int(key.folder)]
        let start = Int(key.nameStart)
        return folder.path + String(decoding: folder.names[start..<start + Int(key.nameLength)], as: UTF8.self)
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

    /// Calls `body` with each identifier's keys (indices), the identifiers in no set order.
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
