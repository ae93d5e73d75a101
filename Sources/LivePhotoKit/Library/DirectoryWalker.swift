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
struct DirectoryWalker {
    struct File { var path: String; var role: ScannedFile.Role; var problem: String? }
    private(set) var files: [File] = []
    private(set) var unreadableFolders: [(path: String, reason: String)] = []
    private var walked = Set<FileIdentity>()

    private struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64
        init(_ st: stat) { device = UInt64(st.st_dev); inode = UInt64(st.st_ino) }
    }

    /// - Parameter found: called with each file as it is listed (a scan starts reading it then).
    static func walk(_ roots: [String], found: (File) -> Void = { _ in }) -> DirectoryWalker {
        var walker = DirectoryWalker()
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

    private mutating func walkFolder(_ folder: String, identity: FileIdentity, ancestors: [(path: String, identity: FileIdentity)], found: (File) -> Void) {
        func add(_ file: File) { files.append(file); found(file) }
        guard walked.insert(identity).inserted else { return }
        guard let dir = FileSystemCalls.opendir(folder) else { unreadableFolders.append((folder, FileSource.describe(errno))); return }
        defer { closedir(dir) }
        let chain = ancestors + [(folder, identity)]
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { unreadableFolders.append((folder, "cannot be read to the end: \(FileSource.describe(errno))")) }
                break
            }
            let name = FileSystemCalls.entryName(entry)
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }   // hidden, `.`, `..`
            let role = ScannedFile.role(forExtension: DirectoryWalker.extensionText(name))
            // readdir's d_type settles the common cases without a stat per entry: a regular file
            // is listed (or passed over) as it is. Links, folders (their identity is needed for
            // loop detection) and DT_UNKNOWN (file systems that do not fill d_type) are stat'ed.
            switch entry.pointee.d_type {
            case UInt8(DT_REG):
                if let role { add(File(path: base + PathText.string(fromPathBytes: name), role: role, problem: nil)) }
                continue
            case UInt8(DT_FIFO), UInt8(DT_CHR), UInt8(DT_BLK), UInt8(DT_SOCK):
                if let role { add(File(path: base + PathText.string(fromPathBytes: name), role: role, problem: "not a regular file")) }
                continue
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
                if let role { add(File(path: path, role: role, problem: reason)) }
                else if statError == ELOOP || statError != ENOENT { unreadableFolders.append((path, reason)) }
                continue
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR:
                let child = FileIdentity(st)
                if let ancestor = chain.first(where: { $0.identity == child }) {
                    unreadableFolders.append((path, "symbolic link loop: leads back to \(ancestor.path); not followed"))
                } else {
                    walkFolder(path, identity: child, ancestors: chain, found: found)
                }
            case S_IFREG:
                if let role { add(File(path: path, role: role, problem: nil)) }
            default:
                if let role { add(File(path: path, role: role, problem: "not a regular file")) }
            }
        }
    }

    /// The text after the last dot, when it is valid UTF-8 ("" otherwise).
    private static func extensionText(_ name: [UInt8]) -> String {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return "" }
        return PathText.decoded(Array(name[(dot + 1)...])) ?? ""
    }
}
