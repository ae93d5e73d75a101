import Foundation

/// The file-system calls of one `livephoto` run as `strace -f -y` prints them, and the order
/// rules that keep a power loss from losing what the run wrote (a killed process leaves the page
/// cache, so only this order shows what reaches the disk):
/// - **synced**: every file written is fsynced after its last write, before the run ends;
/// - **synced before published**: a temporary is fsynced before it is renamed or linked to its name;
/// - **names durable**: every rename or link that stays, and every journal created, is followed
///   by an fsync of its folder;
/// - **journal first**: a journaled file is overwritten only once its journal's bytes and name are
///   on disk, and the journal is removed only once the file's new bytes are;
/// - a `syncfs` (how `convert` makes its new files durable at once) counts as every file and
///   folder of the run synced, the run's files sharing one file system;
/// - **steps in order**: in an input edited in place, a commit step (a write of at most 8 bytes,
///   such as the `free` that retires the old `moov` or the `iloc` extent switch, or a truncation)
///   comes only once every earlier write to it is on disk.
struct WriteOrderTrace {
    enum Event: Equatable {
        case write(path: String, bytes: Int?)
        case truncate(path: String)
        case sync(path: String)
        /// `syncfs` through a descriptor of `path`: everything on its file system written back.
        case syncFileSystem(path: String)
        case create(path: String)
        case rename(from: String, to: String)
        case link(from: String, to: String)
        case unlink(path: String)
    }

    /// Successful calls on paths under `root`, in the order they returned.
    let events: [Event]

    /// The strace options that give what `init(strace:root:)` reads.
    static let straceArguments = ["-f", "-qq", "-y", "-s", "0", "-e", "signal=none", "-e",
                                  "trace=write,pwrite64,pwritev,pwritev2,writev,ftruncate,fallocate,copy_file_range,sendfile,fchmod,fchown,fsetxattr,"
                                  + "fsync,fdatasync,syncfs,rename,renameat,renameat2,link,linkat,unlink,unlinkat,open,openat,creat"]

    init(strace text: String, root: String) {
        var pending: [String: (name: String, args: String)] = [:]
        var events: [Event] = []
        for line in text.split(separator: "\n").map(String.init) {
            guard let call = Self.call(line, pending: &pending), !call.result.hasPrefix("-1") else { continue }
            events += Self.events(call.name, call.args, result: call.result).filter { $0.paths.allSatisfy { $0 == root || $0.hasPrefix(root + "/") } }
        }
        self.events = events
    }

    /// One finished call: its name, its arguments and what it returned.
    private static func call(_ line: String, pending: inout [String: (name: String, args: String)]) -> (name: String, args: String, result: String)? {
        let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard fields.count == 2 else { return nil }
        let pid = String(fields[0])
        let rest = fields[1].trimmingCharacters(in: .whitespaces)
        if rest.hasSuffix("<unfinished ...>"), let open = rest.firstIndex(of: "(") {
            let args = rest[rest.index(after: open)...].dropLast("<unfinished ...>".count)
            pending[pid] = (String(rest[..<open]), String(args))
            return nil
        }
        var name: String, body: Substring
        if rest.hasPrefix("<... ") {
            guard let started = pending.removeValue(forKey: pid), let end = rest.range(of: " resumed>") else { return nil }
            name = started.name
            body = Substring(started.args) + rest[end.upperBound...]
        } else {
            guard let open = rest.firstIndex(of: "(") else { return nil }
            name = String(rest[..<open])
            body = rest[rest.index(after: open)...]
        }
        guard let close = body.range(of: ") = ", options: .backwards) else { return nil }
        return (name, String(body[..<close.lowerBound]), String(body[close.upperBound...]).trimmingCharacters(in: .whitespaces))
    }

    /// `N</path>` descriptors and `"name"` strings among the arguments, in order.
    private static func descriptors(_ args: String) -> [String] {
        matches(#"(?:\d+|AT_FDCWD)<([^>]*)>"#, args)
    }

    private static func strings(_ args: String) -> [String] {
        matches(#""((?:[^"\\]|\\.)*)""#, args)
    }

    private static func matches(_ pattern: String, _ text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
    }

    /// A name argument made absolute: against the descriptor before it (`*at` calls), else as given.
    private static func names(_ args: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: #"(?:(?:\d+|AT_FDCWD)<([^>]*)>, )?"((?:[^"\\]|\\.)*)""#) else { return [] }
        let range = NSRange(args.startIndex..., in: args)
        return regex.matches(in: args, range: range).compactMap { m in
            guard let name = Range(m.range(at: 2), in: args).map({ String(args[$0]) }) else { return nil }
            if name.hasPrefix("/") { return name }
            guard let base = Range(m.range(at: 1), in: args).map({ String(args[$0]) }) else { return name }
            return base + "/" + name
        }
    }

    private static func events(_ name: String, _ args: String, result: String) -> [Event] {
        let fds = descriptors(args)
        switch name {
        case "write", "pwrite64", "pwritev", "pwritev2", "writev":
            return fds.first.map { [.write(path: $0, bytes: Int(result))] } ?? []
        case "fallocate", "fchmod", "fchown", "fsetxattr":
            return fds.first.map { [.write(path: $0, bytes: nil)] } ?? []
        case "ftruncate":
            return fds.first.map { [.truncate(path: $0)] } ?? []
        case "copy_file_range":
            return fds.count >= 2 ? [.write(path: fds[1], bytes: nil)] : []
        case "sendfile":
            return fds.first.map { [.write(path: $0, bytes: nil)] } ?? []
        case "fsync", "fdatasync":
            return fds.first.map { [.sync(path: $0)] } ?? []
        case "syncfs":
            return fds.first.map { [.syncFileSystem(path: $0)] } ?? []
        case "open", "openat", "creat":
            guard name == "creat" || args.contains("O_CREAT"), let created = Self.descriptors(" " + result).first else { return [] }
            return [.create(path: created)]
        case "rename", "renameat", "renameat2", "link", "linkat":
            let paths = names(args)
            guard paths.count == 2 else { return [] }
            return name.hasPrefix("link") ? [.link(from: paths[0], to: paths[1])] : [.rename(from: paths[0], to: paths[1])]
        case "unlink", "unlinkat":
            return names(args).first.map { [.unlink(path: $0)] } ?? []
        default:
            return []
        }
    }

    /// The files written and not yet synced when the run first names a file (its first rename
    /// or link): `pair` prepares everything before it commits anything, so an fsync that fails
    /// (a full disk that delayed allocation reports only then) is met before any name changes.
    func unsyncedAtFirstNaming() -> [String] {
        var unsynced = Set<String>()
        for event in events {
            switch event {
            case .write(let path, _), .truncate(let path): unsynced.insert(path)
            case .sync(let path), .unlink(let path): unsynced.remove(path)
            case .syncFileSystem: unsynced.removeAll()
            case .rename, .link: return unsynced.sorted()
            case .create: break
            }
        }
        return []
    }

    /// How many times each temporary file (a `.livephoto-` name that is not a journal) was
    /// fsynced: a writer flushes one once, when it is complete (a commit right after the
    /// prepare's sync does not flush it again).
    func temporarySyncCounts() -> [String: Int] {
        var counts: [String: Int] = [:]
        for case .sync(let path) in events where path.contains(".livephoto-") && !path.hasSuffix(".livephoto-journal") {
            counts[path, default: 0] += 1
        }
        return counts
    }

    /// Every broken rule, one line each; `inputs` are the files the run was given to edit in place.
    func violations(inputs: Set<String>) -> [String] {
        var found: [String] = []
        var unsynced = Set<String>()
        var publishedAt: [String: Int] = [:]      // name -> event index of its rename, link or creation
        var folderSyncedAt: [String: Int] = [:]
        var fileSystemSyncedAt = -1                // the last syncfs (the runs' files share one file system)
        var journals: [String: String] = [:]      // journal -> the file it guards
        var namedUnsynced: [(name: String, rule: String)] = []
        func folder(_ path: String) -> String { (path as NSString).deletingLastPathComponent }
        func isFolder(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
        }
        func nameDurable(_ name: String) -> Bool {
            guard let published = publishedAt[name] else { return true }
            return max(folderSyncedAt[folder(name)] ?? -1, fileSystemSyncedAt) > published
        }
        func written(_ path: String, commitStep: Bool, at i: Int) {
            if inputs.contains(path), commitStep, unsynced.contains(path) {
                found.append("steps in order: a commit step to \(path) before its earlier writes were synced (call \(i))")
            }
            for (journal, target) in journals where target == path {
                if unsynced.contains(journal) { found.append("journal first: \(path) written before its journal's bytes were synced (call \(i))") }
                if !nameDurable(journal) { found.append("journal first: \(path) written before its journal's name was synced (call \(i))") }
            }
            unsynced.insert(path)
        }
        for (i, event) in events.enumerated() {
            switch event {
            case .write(let path, let bytes):
                written(path, commitStep: bytes.map { $0 <= 8 } ?? false, at: i)
            case .truncate(let path):
                written(path, commitStep: true, at: i)
            case .sync(let path):
                if isFolder(path) { folderSyncedAt[path] = i } else { unsynced.remove(path) }
            case .syncFileSystem:
                unsynced.removeAll()
                fileSystemSyncedAt = i
            case .create(let path):
                publishedAt[path] = i
                if path.hasSuffix(".livephoto-journal") {
                    let name = (path as NSString).lastPathComponent
                    let target = String(name.dropFirst().dropLast(".livephoto-journal".count))
                    journals[path] = folder(path) + "/" + target
                }
            case .rename(let from, let to), .link(let from, let to):
                // A name that is gone at the end (a backup link, a staging name) need not last.
                if unsynced.contains(from) { namedUnsynced.append((to, "synced before published: \(from) named \(to) before it was synced (call \(i))")) }
                if case .rename = event {
                    unsynced.remove(from)
                    unsynced.remove(to)      // the name now holds the renamed file, not the one it replaced
                    publishedAt.removeValue(forKey: from)
                }
                publishedAt[to] = i
            case .unlink(let path):
                if let target = journals.removeValue(forKey: path), unsynced.contains(target) {
                    found.append("journal first: \(path) removed before \(target) was synced (call \(i))")
                }
                unsynced.remove(path)
                publishedAt.removeValue(forKey: path)
            }
        }
        found += namedUnsynced.filter { FileManager.default.fileExists(atPath: $0.name) }.map(\.rule)
        for path in unsynced.sorted() where FileManager.default.fileExists(atPath: path) {
            found.append("synced: \(path) was written and never synced")
        }
        for name in publishedAt.keys.sorted() where FileManager.default.fileExists(atPath: name) && !nameDurable(name) {
            found.append("names durable: \(name) was named and its folder never synced after")
        }
        return found
    }
}

extension WriteOrderTrace.Event {
    var paths: [String] {
        switch self {
        case .write(let path, _), .truncate(let path), .sync(let path), .syncFileSystem(let path), .create(let path), .unlink(let path): return [path]
        case .rename(let from, let to), .link(let from, let to): return [from, to]
        }
    }
}
