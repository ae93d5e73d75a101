import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Lists the regular files below a folder with opendir/readdir, using the entry type the
/// directory already holds (a `stat` only where the file system does not say, or for a
/// symbolic link): Foundation's enumerator costs a URL and a resource lookup per file, which
/// is most of a warm scan of a large library. Hidden entries (names starting with a dot,
/// including our temporary files) are passed over; symbolic links to folders are not followed.
enum DirectoryWalker {
    enum Failure: Error { case cannotOpen(String) }

    /// Calls `visit` with the path of every regular file below `root` (a folder path,
    /// standardized by the caller); throws when `root` itself cannot be opened.
    static func walk(_ root: String, _ visit: (String) -> Void) throws {
        guard let dir = opendir(root) else { throw Failure.cannotOpen(FileSource.describe(errno)) }
        var folders: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = root == "/" ? "/" + name : root + "/" + name
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): visit(path)
            case Int32(DT_DIR): folders.append(path)
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                // A link to a file counts (as before); a link to a folder is not followed.
                var st = stat()
                guard stat(path, &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFREG { visit(path) }
                else if (st.st_mode & S_IFMT) == S_IFDIR, Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) { folders.append(path) }
            default: continue
            }
        }
        closedir(dir)
        // Sub-folders that cannot be opened are passed over, as the enumerator did.
        for folder in folders { try? walk(folder, visit) }
    }

}
