import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Walks folders entry by entry with `readdir`, looking at each name's bytes, so that nothing
/// a scan should see is passed over silently: a still or movie it cannot use (a name that is
/// a broken or looping link, a special file) is returned with the reason, and so is a folder it
/// cannot enter. Names are taken as bytes and kept as path text (`PathText`), so a name that is
/// not valid UTF-8 is walked, paired and printed (escaped) like any other. Symbolic links are followed, to files and to folders; a
/// folder already being walked (a link back to an ancestor) is reported as a loop, and one
/// already walked through another path is not walked twice. Hidden entries are passed over.
///
/// The walk hands over one folder at a time (`FolderListing`): a folder's files are listed
/// whole before its subfolders (in name order) are entered, so whoever reads them can match
/// the folder as soon as its files are read, and keeps nothing of the folders before.
///
/// A folder command's output folder (`-o DIR`) below a root is not entered: the run writes
/// there while the walk goes on, so whether the walk saw its outputs would depend on timing
/// (a `make` output movie listed before its still is a lone movie to make again). Given as a
/// root itself, it is walked: a folder is listed whole before anything is written to it.
struct DirectoryWalker {
    struct File {
        var path: String; var role: ScannedFile.Role; var problem: String?
        /// The `.json` names in the file's folder as the walk listed them (a still's Takeout
        /// sidecar is looked for among them alone); nil when the folder was not listed.
        var jsonNamesBeside: Set<String>? = nil
        /// The folder, kept open for the read, and the file's name in it (nil: opened by path).
        var folder: OpenFolder? = nil
        var name: [UInt8] = []
    }
    /// The stills and movies directly in one folder, in the order they were listed.
    struct FolderListing { var folder: String; var files: [File] }
    private(set) var unreadableFolders: [(path: String, reason: String)] = []
    private var walked = Set<FileIdentity>()
    /// The output folder, never entered from its parent.
    private var outputFolder: FileIdentity? = nil

    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    }

    /// - Parameter found: called with each folder holding stills or movies, once its entries
    ///   are listed (a scan starts reading them then).
    ///   `outputFolder`: the run's output folder (not entered below a root); nil: none.
    static func walk(_ roots: [String], outputFolder: String? = nil, found: (FolderListing) -> Void) -> DirectoryWalker {
        var walker = DirectoryWalker()
        var outputStat = stat()
        if let outputFolder, FileSystemCalls.stat(outputFolder, &outputStat) == 0 { walker.outputFolder = FileIdentity(outputStat) }
        for root in roots {
            var st = stat()
            guard FileSystemCalls.stat(root, &st) == 0 else {
                walker.unreadableFolders.append((root, errno == ELOOP ? "symbolic link loop" : FileSource.describe(errno))); continue
            }
            guard (st.st_mode & S_IFMT) == S_IFDIR else { walker.unreadableFolders.append((root, "not a directory")); continue }
            // Findings name files by absolute path, whatever form the folder was given in.
            let absolute = PathComponents.absolute(root, currentDirectory: FileSystemCalls.currentDirectory())
            walker.walkFolder(absolute, identity: FileIdentity(st), ancestors: [], found: found)
        }
        return walker
    }

    /// Every file below `roots`, in one list (for work that needs the whole list first).
    static func allFiles(_ roots: [String]) -> (files: [File], unreadable: [(path: String, reason: String)]) {
        var files: [File] = []
        let walker = walk(roots) { files += $0.files }
        return (files, walker.unreadableFolders)
    }

    private mutating func walkFolder(_ folder: String, identity: FileIdentity, ancestors: [(path: String, identity: FileIdentity)],
                                     found: (FolderListing) -> Void) {
        guard walked.insert(identity).inserted else { return }
        guard let dir = FileSystemCalls.opendir(folder) else { unreadableFolders.append((folder, FileSource.describe(errno))); return }
        let chain = ancestors + [(folder, identity)]
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var listing = FolderListing(folder: folder, files: [])
        var subfolders: [(name: [UInt8], path: String, identity: FileIdentity)] = []
        var jsonNames = Set<String>()
        var fileNames: [[UInt8]] = []   // beside `listing.files`, for the sort below
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { unreadableFolders.append((folder, "cannot be read to the end: \(FileSource.describe(errno))")) }
                break
            }
            let name = FileSystemCalls.entryName(entry)
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }   // hidden, `.`, `..`
            if name.count > 5 && name.suffix(5).elementsEqual(".json".utf8) { jsonNames.insert(PathText.string(fromPathBytes: name)) }
            switch list(entry, name: name, in: dir, base: base) {
            case .file(let file): listing.files.append(file); fileNames.append(name)
            case .folder(let path, let child): subfolders.append((name, path, child))
            case .unusable(let path, let reason): unreadableFolders.append((path, reason))
            case .passedOver: break
            }
        }
        let open = listing.files.isEmpty ? nil : OpenFolder.keep(dir)
        closedir(dir)
        for i in listing.files.indices {
            listing.files[i].jsonNamesBeside = jsonNames   // one set shared, not copied
            if let open { listing.files[i].folder = open; listing.files[i].name = fileNames[i] }
        }
        listing.files = Self.inPathOrder(listing.files, names: fileNames)
        if !listing.files.isEmpty { found(listing) }
        // Name order (bytes): the folders come out the same on every file system.
        for sub in subfolders.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) where sub.identity != outputFolder {
            if let ancestor = chain.first(where: { $0.identity == sub.identity }) {
                unreadableFolders.append((sub.path, "symbolic link loop: leads back to \(ancestor.path); not followed"))
            } else {
                walkFolder(sub.path, identity: sub.identity, ancestors: chain, found: found)
            }
        }
    }

    /// A folder's files in path order, as the matcher takes them: its sort then only confirms
    /// the order (the small listed entries move here, not the files read). Names that are all
    /// ASCII order as their bytes do (the folder part is common); any other by their text.
    private static func inPathOrder(_ files: [File], names: [[UInt8]]) -> [File] {
        let ascii = names.allSatisfy { $0.allSatisfy { $0 < 0x80 } }
        let order = files.indices.sorted { ascii ? names[$0].lexicographicallyPrecedes(names[$1]) : files[$0].path < files[$1].path }
        return order.map { files[$0] }
    }

    private enum Entry { case file(File), folder(String, FileIdentity), unusable(String, String), passedOver }

    /// What one directory entry is to the walk.
    private func list(_ entry: UnsafeMutablePointer<dirent>, name: [UInt8], in dir: OpaquePointer, base: String) -> Entry {
        let role = DirectoryWalker.role(ofName: name)
        // readdir's d_type settles the common cases without a stat per entry: a regular file
        // is listed (or passed over) as it is. Links, folders (their identity is needed for
        // loop detection) and DT_UNKNOWN (file systems that do not fill d_type) are stat'ed.
        switch entry.pointee.d_type {
        case UInt8(DT_REG):
            return role.map { .file(File(path: base + PathText.string(fromPathBytes: name), role: $0, problem: nil)) } ?? .passedOver
        case UInt8(DT_FIFO), UInt8(DT_CHR), UInt8(DT_BLK), UInt8(DT_SOCK):
            return role.map { .file(File(path: base + PathText.string(fromPathBytes: name), role: $0, problem: "not a regular file")) } ?? .passedOver
        default:
            break   // DT_DIR, DT_LNK, DT_UNKNOWN: stat below
        }
        var st = stat()
        let statResult = name.withUnsafeBufferPointer { buffer in
            // Never empty (the NUL is appended), so the base address exists.
            (Array(buffer) + [0]).withUnsafeBufferPointer { fstatat(dirfd(dir), UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), &st, 0) }
        }
        let statError = statResult == 0 ? 0 : errno
        let path = base + PathText.string(fromPathBytes: name)
        if statResult != 0 {
            let reason = statError == ELOOP ? "symbolic link loop (the link leads back to itself)"
                       : statError == ENOENT ? "broken symbolic link (its target does not exist)" : FileSource.describe(statError)
            if let role { return .file(File(path: path, role: role, problem: reason)) }
            return statError == ELOOP || statError != ENOENT ? .unusable(path, reason) : .passedOver
        }
        switch st.st_mode & S_IFMT {
        case S_IFDIR: return .folder(path, FileIdentity(st))
        case S_IFREG: return role.map { .file(File(path: path, role: $0, problem: nil)) } ?? .passedOver
        default: return role.map { .file(File(path: path, role: $0, problem: "not a regular file")) } ?? .passedOver
        }
    }

    /// The role the name's extension gives it (`ScannedFile.role(forExtension:)` of the text
    /// after the last dot, "" when that is not valid UTF-8). An ASCII extension, nearly every
    /// one, is compared as bytes: no text is made for each name of a large folder.
    static func role(ofName name: [UInt8]) -> ScannedFile.Role? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return ScannedFile.role(forExtension: "") }
        let ext = name[(dot + 1)...]
        guard ext.allSatisfy({ $0 < 0x80 }) else { return ScannedFile.role(forExtension: PathText.decoded(Array(ext)) ?? "") }
        let lower = ext.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        if stillExtensionBytes.contains(lower) { return .still }
        if movieExtensionBytes.contains(lower) { return .movie }
        return nil
    }

    private static let stillExtensionBytes = Set(ScannedFile.stillExtensions.map { Array($0.utf8) })
    private static let movieExtensionBytes = Set(ScannedFile.movieExtensions.map { Array($0.utf8) })
}
