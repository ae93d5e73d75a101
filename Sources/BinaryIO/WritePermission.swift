import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Checks that a file or directory may be written before anything is prepared. Besides what
/// the kernel says (`access`), a file or directory with no write permission bit at all is
/// treated as read-only even for root, who the kernel would let through: a user who marked
/// files read-only means them to stay as they are.
public enum WritePermission {
    public static func require(_ path: String) throws {
        var st = stat()
        guard FileSystemCalls.stat(path, &st) == 0 else { throw ParseError(.io, FileSource.describe(errno)) }
        if FileSystemCalls.access(path, W_OK) != 0 {
            throw ParseError(.io, errno == EROFS ? "read-only file system" : "read-only (\(FileSource.describe(errno)))")
        }
        if st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 {
            let what = (st.st_mode & S_IFMT) == S_IFDIR ? "directory" : "file"
            throw ParseError(.io, "read-only \(what) (no write permission)")
        }
    }

    /// The directory that holds `path`.
    public static func directory(of path: String) -> String {
        PathComponents.directory(of: path)
    }
}
