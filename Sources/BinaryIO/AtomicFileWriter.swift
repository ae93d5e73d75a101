import Foundation
import CFileCopy
#if canImport(Glibc)
import Glibc
#endif

/// Writes a replacement for a file into a temporary file in the same directory, then
/// `commit()` fsyncs and renames it over the target, so the target is either the old file
/// or the complete new one, never half-written. `discard()` removes the temporary file.
/// The owner, group, permissions and extended attributes of the file being replaced are kept
/// (`FileMetadata`).
public final class AtomicFileWriter {
    public let targetPath: String
    public let temporaryPath: String
    private var fd: Int32
    private var finished = false
    public private(set) var bytesWritten: UInt64 = 0

    /// - Parameter modeFrom: a file whose owner, group, permission bits and extended attributes
    ///   the result takes (default: the target, if it exists).
    public init(targetPath: String, modeFrom: String? = nil) throws {
        self.targetPath = targetPath
        let url = URL(fileURLWithPath: targetPath)
        let dir = url.deletingLastPathComponent().path
        var dirStat = stat()
        guard stat(dir, &dirStat) == 0 else {
            throw ParseError.system(Errno.current, "cannot write in \(dir)")
        }
        var template = Array((dir + "/." + url.lastPathComponent + ".livephoto-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ParseError.system(Errno.current, "cannot create a temporary file in \(dir)") }
        self.fd = fd
        self.temporaryPath = String(cString: template)
        // The replacement keeps the owner, group, mode and extended attributes of the file it
        // replaces (or of `modeFrom`); a new file gets the usual mode under the umask.
        var existing = stat()
        if stat(modeFrom ?? targetPath, &existing) == 0 {
            do { try FileMetadata.read(path: modeFrom ?? targetPath).applyOwnershipAttributesAndMode(to: fd) } catch {
                close(fd); unlink(temporaryPath); self.fd = -1; finished = true
                throw error
            }
        } else {
            let mask = umask(0); umask(mask)
            _ = fchmod(fd, 0o666 & ~mask)
        }
    }

    deinit { if !finished { discard() } }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write(raw: $0) }
    }

    public func write(_ bytes: ArraySlice<UInt8>) throws {
        try bytes.withUnsafeBytes { try write(raw: $0) }
    }

    /// The temporary file is written front to back: each piece lands at `bytesWritten`.
    private func write(raw: UnsafeRawBufferPointer) throws {
        try PositionedWrite.writeAll(raw: raw, to: fd, at: bytesWritten)
        bytesWritten += UInt64(raw.count)
    }

    /// Copies `count` bytes starting at `offset` of `source` into the temporary file: in the
    /// kernel with `copy_file_range` (as `cp` does; no bytes pass through this process), else in
    /// bounded chunks through a buffer.
    public func copy(from source: FileSource, offset: UInt64, count: UInt64) throws {
        var copied: UInt64 = 0
        // A slice's offsets are relative to its start; the kernel copy needs the file's own.
        var inputOffset = Int64(source.baseOffset + offset)
        var kernelCopy = true
        while copied < count {
            let n = Int(min(1 << 30, count - copied))
            if kernelCopy {
                var outputOffset = Int64(bytesWritten)
                let done = livephoto_copy_file_range(source.fileDescriptor, &inputOffset, fd, &outputOffset, n)
                if done > 0 { copied += UInt64(done); bytesWritten += UInt64(done); continue }
                if done == 0 { throw ParseError(.truncated, "file shrank while copying", path: "", offset: offset + copied) }
                let e = errno
                if e == EINTR { continue }
                if e == ENOSPC || e == EDQUOT || e == EIO { throw ParseError.system(Errno(rawValue: e), "write failed") }
                kernelCopy = false   // EXDEV, ENOSYS, EINVAL...: fall back to read/write
            }
            let chunk = Int(min(UInt64(1 << 20), count - copied))
            try write(try source.read(at: offset + copied, count: chunk))
            copied += UInt64(chunk)
            inputOffset = Int64(source.baseOffset + offset + copied)
        }
    }

    /// fsync, rename over the target, fsync the directory.
    public func commit() throws {
        guard !finished else { return }
        if fsync(fd) != 0 { let e = errno; discard(); throw ParseError.system(Errno(rawValue: e), "fsync failed") }
        close(fd)
        fd = -1
        if rename(temporaryPath, targetPath) != 0 {
            let e = errno
            unlink(temporaryPath)
            finished = true
            throw ParseError.system(Errno(rawValue: e), "cannot replace \(targetPath)")
        }
        finished = true
        AtomicFileWriter.syncDirectory(of: targetPath)
    }

    /// fsync, then put the file in place only if nothing is at the target (a hard link, which
    /// fails on an existing name, then the temporary name removed): for new files that must
    /// never overwrite one another, even when two workers pick the same name at once.
    public func commitWithoutReplacing() throws {
        guard !finished else { return }
        if fsync(fd) != 0 { let e = errno; discard(); throw ParseError.system(Errno(rawValue: e), "fsync failed") }
        close(fd)
        fd = -1
        defer { unlink(temporaryPath); finished = true }
        if link(temporaryPath, targetPath) != 0 {
            let e = errno
            throw e == EEXIST ? ParseError.system(.exists, message: "already exists; not overwritten") : ParseError.system(Errno(rawValue: e), "cannot create \(targetPath)")
        }
        AtomicFileWriter.syncDirectory(of: targetPath)
    }

    /// Flushes the temporary file to disk without renaming it (prepare step of a two-file commit).
    public func sync() throws {
        if fsync(fd) != 0 { throw ParseError.system(Errno.current, "fsync failed") }
    }

    public func discard() {
        guard !finished else { return }
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporaryPath)
        finished = true
    }

    public static func syncDirectory(of path: String) {
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let dfd = open(dir, O_RDONLY | O_DIRECTORY)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }
}

extension AtomicFileWriter {
    /// Removes temporary files an interrupted earlier run left beside `targetPath`
    /// (`.NAME.livephoto-XXXXXX`), so a rerun cleans up after a crash or power loss.
    public static func removeStaleTemporaries(for targetPath: String) {
        let url = URL(fileURLWithPath: targetPath)
        let dir = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + ".livephoto-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where name.hasPrefix(prefix) && name.count == prefix.count + 6 {
            unlink(dir + "/" + name)
        }
    }

    /// Whether two paths name the same existing file (same device and inode).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
