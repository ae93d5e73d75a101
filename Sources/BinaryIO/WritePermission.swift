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
        guard FileSystemCalls.stat(path, &st) == 0 else { throw ParseError.system(Errno.current) }
        if FileSystemCalls.access(path, W_OK) != 0 {
            let e = Errno.current
            throw ParseError.system(e, message: e == .readOnlyFileSystem ? "read-only file system" : "read-only (\(e))")
        }
        if st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH) == 0 {
            let what = (st.st_mode & S_IFMT) == S_IFDIR ? "directory" : "file"
            // The kernel would let root through; EACCES is what anyone else would get.
            throw ParseError.system(.permissionDenied, message: "read-only \(what) (no write permission)")
        }
    }

    /// For a file replaced by a rename (a new file under its name): in a sticky folder
    /// (`chmod +t`, as /tmp or a shared folder) only the file's or the folder's owner may
    /// replace or remove a name, so anyone else is refused here, before any temporary file or
    /// backup name exists that could then not be removed.
    public static func requireReplaceable(_ path: String) throws {
        var file = stat(), folder = stat()
        guard FileSystemCalls.stat(path, &file) == 0, FileSystemCalls.stat(directory(of: path), &folder) == 0 else { return }
        let user = geteuid()
        // Root (CAP_FOWNER) is let through by the kernel.
        guard folder.st_mode & S_ISVTX != 0, user != 0, file.st_uid != user, folder.st_uid != user else { return }
        throw ParseError.system(.notPermitted, message: "in a sticky folder (chmod +t) only its owner (uid \(file.st_uid)) may replace it")
    }

    /// The directory that holds `path`.
    public static func directory(of path: String) -> String {
        PathComponents.directory(of: path)
    }
}
