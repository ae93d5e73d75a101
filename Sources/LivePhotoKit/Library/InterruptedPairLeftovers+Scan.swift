import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// `scan` and `verify DIR` finding what a killed `pair` left (`InterruptedPairLeftovers`) beside
/// the files a folder walk read.
extension InterruptedPairLeftovers {
    /// For every file of a folder run, keyed by its path (only files with leftovers): one
    /// listing per folder, an `access` per movie. A folder whose listing shows no leftover's
    /// name and no link among the files costs that listing alone (`FolderLeftoverSigns`).
    static func byFile(_ files: [ScannedFile]) -> [String: InterruptedPairLeftovers] {
        if FolderLeftoverSigns.noneBeside(files) { return [:] }
        var found: [String: InterruptedPairLeftovers] = [:]
        let targets = Dictionary(files.map { (LinkTarget.resolved($0.path), $0.path) }, uniquingKeysWith: { a, _ in a })
        for temporary in AtomicFileWriter.staleTemporaries(for: Array(targets.keys)) {
            // `.NAME.livephoto-XXXXXX` beside NAME.
            let name = PathComponents.lastComponent(temporary)
            let target = PathComponents.appending(String(name.dropFirst().dropLast(".livephoto-XXXXXX".count)), to: PathComponents.directory(of: temporary))
            if let path = targets[target] { found[path, default: Self()].temporaries.append(temporary) }
        }
        for file in files where file.role == .movie {
            if let journal = journal(for: file.path) { found[file.path, default: Self()].journal = journal }
        }
        return found
    }
}

/// What one listing of each folder tells before anything is looked up file by file: a killed
/// `pair` leaves only hidden names holding `.livephoto-` (its temporaries and journal) beside
/// the file it wrote, which is the listed file itself unless that is a symbolic link.
enum FolderLeftoverSigns {
    private static let marker = Array(".livephoto-".utf8)

    /// True when every folder of `files` was listed, holds no hidden `….livephoto-…` name,
    /// and lists none of the files as a link (`d_type`; a file system that does not say is
    /// taken as a link): then none of them has leftovers (a file missing from its folder has
    /// none either: its journal and temporaries would be in that listing).
    static func noneBeside(_ files: [ScannedFile]) -> Bool {
        // A walk's files share one folder: its name is made once, and each other file's path
        // is only compared with it.
        var folders: [String] = []
        for file in files {
            if let last = folders.last, sameFolder(file.path, last) { continue }
            let folder = PathComponents.directory(of: file.path)
            if !folders.contains(folder) { folders.append(folder) }
        }
        return folders.allSatisfy { folder in
            guard let links = linksIfClean(folder) else { return false }
            // Rarely any link at all: then only ours count (names as bytes: text equality
            // would take two spellings of one accented name as one).
            return links.isEmpty || !files.contains { PathComponents.directory(of: $0.path) == folder
                && links.contains(PathText.bytes(of: PathComponents.lastComponent($0.path))) }
        }
    }

    /// Whether `path` is a name directly in `folder` (as `PathComponents.directory` names it),
    /// told from the bytes without making text; false also for any path it does not settle
    /// (the caller then asks `PathComponents.directory`). A trailing slash is a slash after
    /// the folder's: false.
    static func sameFolder(_ path: String, _ folder: String) -> Bool {
        var path = path, folder = folder
        return path.withUTF8 { p in
            folder.withUTF8 { f in
                let slash = UInt8(ascii: "/")
                guard !f.isEmpty, f.last != slash, p.count > f.count + 1, p[f.count] == slash,
                      memcmp(p.baseAddress!, f.baseAddress!, f.count) == 0 else { return false }   // both non-empty
                // No other slash after the folder's.
                return !p[(f.count + 1)...].contains(slash)
            }
        }
    }

    /// The names listed as links (or as entries of a type the file system does not say), or
    /// nil when the folder cannot be listed or holds a hidden `….livephoto-…` name.
    private static func linksIfClean(_ folder: String) -> Set<[UInt8]>? {
        guard let dir = FileSystemCalls.opendir(folder) else { return nil }
        defer { closedir(dir) }
        var links = Set<[UInt8]>()
        while true {
            errno = 0
            guard let entry = readdir(dir) else { return errno == 0 ? links : nil }
            let type = entry.pointee.d_type
            // Most entries are regular files: their names are not even copied.
            if type == UInt8(DT_REG) && entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { continue }
            let name = FileSystemCalls.entryName(entry)
            switch sign(type: type, name: name) {
            case .leftover: return nil
            case .maybeLink: links.insert(name)
            case .nothing: break
            }
        }
    }

    /// What one directory entry tells the listing.
    enum EntrySign: Equatable {
        case nothing
        /// A hidden `….livephoto-…` name: a killed `pair`'s temporary or journal.
        case leftover
        /// A link, or an entry whose type the file system does not say (`DT_UNKNOWN`: some
        /// NFS, XFS without ftype, ext2 without filetype), which may be one.
        case maybeLink
    }

    static func sign(type: UInt8, name: [UInt8]) -> EntrySign {
        if name.first == UInt8(ascii: ".") { return ByteSearch.firstIndex(of: marker, in: name) != nil ? .leftover : .nothing }
        return type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) ? .maybeLink : .nothing
    }

}
