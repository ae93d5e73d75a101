#if canImport(Glibc)
import Glibc
#endif

/// The process's file mode creation mask (umask), read without changing it. `umask(2)` can only
/// be read by setting it, and while it is set to anything else a file another thread creates
/// gets that mask: folder commands and `batch` create files on several threads. Linux reports
/// the mask in `/proc/self/status` (since 4.7); only without that is the set-and-restore used.
public enum FileCreationMask {
    public static func current() -> mode_t { current(statusPath: "/proc/self/status") }

    static func current(statusPath: String) -> mode_t {
        if let mask = fromProcStatus(statusPath) { return mask }
        let mask = umask(0); umask(mask)
        return mask
    }

    /// The `Umask:` line's octal value; nil when the file or the line cannot be read.
    static func fromProcStatus(_ statusPath: String) -> mode_t? {
        guard let fd = FileSystemCalls.open(statusPath, O_RDONLY | O_CLOEXEC) else { return nil }
        defer { close(fd) }
        // The status file is a few KiB; `Umask:` is on its second line.
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return parse(buffer[..<n])
    }

    /// The mask in a `/proc/<pid>/status` text: the octal digits after `Umask:` and blanks.
    static func parse(_ status: ArraySlice<UInt8>) -> mode_t? {
        for line in status.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("Umask:".utf8)) {
            let digits = line.dropFirst(6).drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "7")).contains($0) }) else { return nil }
            return digits.reduce(mode_t(0)) { $0 << 3 | mode_t($1 - UInt8(ascii: "0")) } & 0o777
        }
        return nil
    }
}
