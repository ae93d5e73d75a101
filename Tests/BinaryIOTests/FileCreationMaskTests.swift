import Foundation
import Testing
import TestSupport
@testable import BinaryIO

/// A new file's mode is 0666 less the umask, and the umask is read without being set: set
/// even for an instant, it would apply to the files other threads create in that instant.
@Suite("the file creation mask, read from /proc without changing it")
struct FileCreationMaskTests {
    @Test("the Umask line's octal value, wherever the line is", arguments: [
        ("Name:\tx\nUmask:\t0022\nState:\tR\n", mode_t(0o022)), ("Umask:\t0077", 0o077), ("Umask: 0", 0), ("Umask:\t0002\n", 0o002),
        ("Name:\tx\nUmask:\t1777\n", 0o777),
    ])
    func parsed(status: String, mask: mode_t) {
        #expect(FileCreationMask.parse(ArraySlice(status.utf8)) == mask, "\(status.debugDescription)")
    }

    @Test("no Umask line, no digits, a digit that is not octal, too many digits: nil", arguments: [
        "Name:\tx\nState:\tR\n", "Umask:\t\n", "Umask:\t0028\n", "Umask:\t0000000\n", "", "xUmask:\t0022\n", "Umask:\t-022\n",
    ])
    func unreadable(status: String) {
        #expect(FileCreationMask.parse(ArraySlice(status.utf8)) == nil, "\(status.debugDescription)")
    }

    /// A shell started by this process inherits its umask and prints it.
    @Test("this process's mask, as a child shell inherits it, and read from /proc")
    func current() throws {
        let shell = try Support.run("/bin/sh", ["-c", "umask"])
        try #require(shell.status == 0)
        let printed = try #require(mode_t(shell.out.trimmingCharacters(in: .whitespacesAndNewlines), radix: 8))
        #expect(FileCreationMask.fromProcStatus("/proc/self/status") == printed)
        #expect(FileCreationMask.current() == printed)
    }

    /// Without /proc (an old kernel, a chroot) the mask is read the only other way: set and
    /// put back at once.
    @Test("no status file to read: the same mask, and it is left as it was")
    func withoutProc() throws {
        let shell = try Support.run("/bin/sh", ["-c", "umask"])
        let printed = try #require(mode_t(shell.out.trimmingCharacters(in: .whitespacesAndNewlines), radix: 8))
        let dir = try TempDir()
        let missing = dir.path("no-status")
        #expect(FileCreationMask.fromProcStatus(missing) == nil)
        #expect(FileCreationMask.current(statusPath: missing) == printed)
        #expect(FileCreationMask.current() == printed, "put back")
        let noLine = try dir.write("status", Array("Name:\tx\nState:\tR\n".utf8))
        #expect(FileCreationMask.current(statusPath: noLine) == printed)
    }
}
