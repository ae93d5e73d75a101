import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// The file a path names, once a symbolic link is looked through: what `pair` writes
/// (`WriteTargets`) and where a killed `pair` left its journal and temporaries
/// (`InterruptedPairLeftovers`).
enum LinkTarget {
    /// A symbolic link's target (`realpath`), else the path itself (also when it cannot be
    /// resolved: the error then comes from opening it).
    static func resolved(_ path: String) -> String {
        // Only a link needs resolving: through linked folders the path already names the file
        // in its own folder (where the temporary goes), and `realpath` reads every component.
        var st = stat()
        guard FileSystemCalls.lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK else { return path }
        return FileSystemCalls.realpath(path) ?? path
    }
}
