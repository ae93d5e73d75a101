import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Files named in a list (`--files-from`), taken as the walk takes them in their folders: by
/// extension, hidden names passed over, each named by its absolute path (`.` and `..` removed
/// by their text, links not resolved), each once however often it is listed. A name that is
/// not a still or a movie is passed over unread, as in a folder; a still or movie that is
/// missing, a directory or unreadable is read like any listed file and reported with the reason.
/// Grouped by folder, folders and names in order, so the matching gets what a walk of each folder gives.
public struct FileList: Sendable, Equatable {
    /// What separates the paths: a newline (`find -print`), or a NUL byte (`find -print0`),
    /// the only form in which a name may hold a newline.
    public enum Separator: Sendable { case newline, nul }

    public struct Entry: Sendable, Equatable {
        public let name: String
        public let role: ScannedFile.Role
    }

    public struct Folder: Sendable, Equatable {
        public let path: String
        public let entries: [Entry]
    }

    public let folders: [Folder]
    /// How many stills and movies the list names.
    public var count: Int { folders.reduce(0) { $0 + $1.entries.count } }

    /// The list in `bytes`, relative paths taken against `currentDirectory`.
    public init(parsing bytes: [UInt8], separator: Separator, currentDirectory: String) {
        let byte = separator == .nul ? UInt8(0) : UInt8(ascii: "\n")
        var byFolder: [String: [String: ScannedFile.Role]] = [:]
        for raw in bytes.split(separator: byte, omittingEmptySubsequences: true) {
            let path = PathComponents.absolute(PathText.string(fromPathBytes: raw), currentDirectory: currentDirectory)
            let name = PathComponents.lastComponent(path)
            guard let first = name.unicodeScalars.first, first != ".", let role = ScannedFile.Role(named: name) else { continue }
            byFolder[PathComponents.directory(of: path), default: [:]][name] = role
        }
        folders = byFolder.keys.sorted().map { folder in
            Folder(path: folder, entries: byFolder[folder, default: [:]].sorted { $0.key < $1.key }.map { Entry(name: $0.key, role: $0.value) })
        }
    }

    /// The list in the file at `path` (`-`: standard input), which may be a pipe.
    public static func read(from path: String, separator: Separator) throws -> FileList {
        let bytes = try path == "-" ? readToEnd(fd: STDIN_FILENO, path: "standard input") : readToEnd(path: path)
        return FileList(parsing: bytes, separator: separator, currentDirectory: FileSystemCalls.currentDirectory())
    }

    /// Each folder's stills and movies, as the walk hands them on.
    func forEachFolder(_ body: (DirectoryWalker.FolderListing) -> Void) {
        for folder in folders {
            body(DirectoryWalker.FolderListing(folder: folder.path, files: folder.entries.map {
                DirectoryWalker.File(path: PathComponents.appending($0.name, to: folder.path), role: $0.role, problem: nil)
            }))
        }
    }

    private static func readToEnd(path: String) throws -> [UInt8] {
        guard let fd = FileSystemCalls.open(path, O_RDONLY | O_CLOEXEC) else { throw LivePhotoError(path: path, reason: FileSource.describe(errno), category: .unreadable) }
        defer { close(fd) }
        return try readToEnd(fd: fd, path: path)
    }

    /// Everything `fd` gives until its end (a list is the user's own input, not a count to distrust).
    private static func readToEnd(fd: Int32, path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return bytes }
            if n < 0 {
                if errno == EINTR { continue }
                throw LivePhotoError(path: path, reason: FileSource.describe(errno), category: .unreadable)
            }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }
}
