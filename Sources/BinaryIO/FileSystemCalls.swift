import CFileCopy   // sys/xattr.h
#if canImport(Glibc)
import Glibc
#endif

/// The system calls that take a path, taking path text (`PathText`) and handing the kernel the
/// name's exact bytes. Every path a user's file name reaches goes through these rather than
/// through Swift's implicit String-to-C conversion or Foundation (which would pass the
/// encoding's UTF-8, naming a file that does not exist).
public enum FileSystemCalls {
    public static func stat(_ path: String, _ st: inout Glibc.stat) -> Int32 {
        PathText.withFileSystemPath(path) { fstatat(AT_FDCWD, $0, &st, 0) }
    }

    public static func lstat(_ path: String, _ st: inout Glibc.stat) -> Int32 {
        PathText.withFileSystemPath(path) { fstatat(AT_FDCWD, $0, &st, AT_SYMLINK_NOFOLLOW) }
    }

    /// `open(2)`: the descriptor, or nil with errno set. (Any descriptor, 0 included: a process
    /// started with stdin closed hands out 0 first.)
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32? {
        opened(PathText.withFileSystemPath(path) { Glibc.open($0, flags, mode) })
    }

    /// `openat(2)` of one name in the folder open as `folder`: the kernel looks up that name
    /// alone. The descriptor, or nil with errno set.
    public static func open(name: [UInt8], inFolder folder: Int32, _ flags: Int32) -> Int32? {
        opened(withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { cName in
            for (i, byte) in name.enumerated() { cName[i] = CChar(bitPattern: byte) }
            cName[name.count] = 0
            // Never empty (the NUL is there), so the base address exists.
            return openat(folder, cName.baseAddress!, flags)
        })
    }

    /// A call's new descriptor, or nil when it gave -1, the one value that means failure.
    public static func opened(_ fd: Int32) -> Int32? { fd == -1 ? nil : fd }

    public static func access(_ path: String, _ mode: Int32) -> Int32 {
        PathText.withFileSystemPath(path) { Glibc.access($0, mode) }
    }

    @discardableResult
    public static func unlink(_ path: String) -> Int32 {
        PathText.withFileSystemPath(path) { Glibc.unlink($0) }
    }

    public static func rename(_ from: String, _ to: String) -> Int32 {
        PathText.withFileSystemPath(from) { a in PathText.withFileSystemPath(to) { b in Glibc.rename(a, b) } }
    }

    public static func link(_ from: String, _ to: String) -> Int32 {
        PathText.withFileSystemPath(from) { a in PathText.withFileSystemPath(to) { b in Glibc.link(a, b) } }
    }

    public static func mkdir(_ path: String, _ mode: mode_t) -> Int32 {
        PathText.withFileSystemPath(path) { Glibc.mkdir($0, mode) }
    }

    public static func rmdir(_ path: String) -> Int32 {
        PathText.withFileSystemPath(path) { Glibc.rmdir($0) }
    }

    public static func opendir(_ path: String) -> OpaquePointer? {
        PathText.withFileSystemPath(path) { Glibc.opendir($0) }
    }

    public static func utimensat(_ path: String, _ times: UnsafePointer<timespec>, _ flags: Int32) -> Int32 {
        PathText.withFileSystemPath(path) { Glibc.utimensat(AT_FDCWD, $0, times, flags) }
    }

    public static func listxattr(_ path: String, _ list: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        PathText.withFileSystemPath(path) { CFileCopy.listxattr($0, list, size) }
    }

    public static func getxattr(_ path: String, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        PathText.withFileSystemPath(path) { CFileCopy.getxattr($0, name, value, size) }
    }

    /// The canonical absolute path (symbolic links resolved), as path text; nil and errno set
    /// on failure.
    public static func realpath(_ path: String) -> String? {
        guard let resolved = PathText.withFileSystemPath(path, { Glibc.realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return PathText.string(fromPathBytes: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// `mkstemp` on `prefix` + "XXXXXX": the open descriptor and the name it created, or nil
    /// and errno set.
    public static func makeTemporaryFile(prefix: String) -> (fd: Int32, path: String)? {
        var template = PathText.bytes(of: prefix).map { CChar(bitPattern: $0) } + Array("XXXXXX".utf8CString)
        // The template is a non-empty NUL-terminated array: its base address exists.
        guard let fd = opened(template.withUnsafeMutableBufferPointer { Glibc.mkstemp($0.baseAddress!) }) else { return nil }
        let created = template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return (fd, PathText.string(fromPathBytes: created))
    }

    /// The working directory as path text ("/" when it cannot be read).
    public static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "/" }
        defer { free(cwd) }
        return PathText.string(fromPathBytes: UnsafeRawBufferPointer(start: cwd, count: strlen(cwd)))
    }

    /// Whether `path` names something (following links).
    public static func exists(_ path: String) -> Bool {
        var st = Glibc.stat()
        return stat(path, &st) == 0
    }

    /// Whether `path` names a folder (following links).
    public static func isDirectory(_ path: String) -> Bool {
        var st = Glibc.stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in a folder (without `.` and `..`) as path text; nil when it cannot be read.
    public static func directoryEntries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = entryName(entry)
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] {
                names.append(PathText.string(fromPathBytes: name))
            }
        }
        return names
    }

    /// A `readdir` entry's name as the kernel gave it: the bytes of `d_name` up to its NUL.
    public static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: &entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
    }

    /// Removes a folder and the files in it (one level: scratch folders this tool made).
    public static func removeFolder(_ path: String) {
        for name in directoryEntries(path) ?? [] { unlink(path + "/" + name) }
        _ = rmdir(path)
    }
}
