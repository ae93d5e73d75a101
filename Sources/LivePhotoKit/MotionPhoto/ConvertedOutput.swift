import Foundation
import BinaryIO
import CFileCopy
#if canImport(Glibc)
import Glibc
#endif

/// How `convert` puts its outputs in place, and what it promises about them.
///
/// Outputs are new files: nothing is replaced and the inputs are never modified, so no crash
/// can lose a byte the user had. Each output is written to a temporary file beside its name,
/// read back, and only then hard-linked to its name (a link fails on an existing name, so
/// nothing is overwritten even by a parallel run); a failed conversion leaves nothing. So while
/// `convert` runs, a name never shows a partial file.
///
/// What is left is durability against a power cut: an output the kernel has not written yet
/// could come back empty. Fsyncing each file (and its directory) one by one waits for the disk
/// some 4 times per conversion; instead, before `convert` reports, one `syncfs` per output file
/// system writes them all back at once. When `convert` has exited 0 its outputs are on disk
/// (deleting the inputs is then safe); a power cut during the run can leave an incomplete
/// output that `verify` reports, while its input is untouched to convert again.
enum ConvertedOutput {
    /// Puts a complete, checked temporary file in place under its target name, never over an
    /// existing file; the temporary name is removed.
    static func place(_ writer: AtomicFileWriter) throws { try NewOutputFile.place(writer) }

    /// Output names a conversion of this process is working on: a parallel worker skips them,
    /// and a conversion removes stale temporary files only beside names it holds, so it never
    /// removes a worker's file being written.
    nonisolated(unsafe) private static var claimed = Set<String>()
    private static let claimLock = NSLock()

    /// Claims every name of `paths`, or none when one is held already.
    static func claim(_ paths: [String]) -> Bool {
        claimLock.lock(); defer { claimLock.unlock() }
        guard claimed.isDisjoint(with: paths) else { return false }
        claimed.formUnion(paths)
        return true
    }

    static func release(_ paths: [String]) {
        claimLock.lock(); defer { claimLock.unlock() }
        claimed.subtract(paths)
    }

    /// Writes back everything on the file systems holding `directories` (one `syncfs` each:
    /// directories on one file system cost one call after the first).
    static func makeDurable(directories: Set<String>) throws {
        var synced = Set<UInt64>()
        for dir in directories.sorted() {
            guard let fd = FileSystemCalls.open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { throw ParseError.system(Errno.current, "cannot open \(dir) to sync it") }
            defer { close(fd) }
            var st = stat()
            guard fstat(fd, &st) == 0, synced.insert(UInt64(st.st_dev)).inserted else { continue }
            try FaultInjection.reachOrFail(.convertOutputsSyncing)
            if livephoto_syncfs(fd) != 0 { throw ParseError.system(Errno.current, "syncing the outputs in \(dir) failed") }
        }
    }
}
