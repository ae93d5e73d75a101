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
    /// Whether anything (the new file itself, its attributes, bytes) changed since the last
    /// fsync: a commit right after `sync()` need not flush again (one fsync per file).
    private var unsynced = true
    public private(set) var bytesWritten: UInt64 = 0

    /// - Parameter modeFrom: a file whose owner, group, permission bits and extended attributes
    ///   the result takes (default: the target, if it exists).
    public init(targetPath: String, modeFrom: String? = nil) throws {
        self.targetPath = targetPath
        let dir = PathComponents.directory(of: targetPath)
        var dirStat = stat()
        guard FileSystemCalls.stat(dir, &dirStat) == 0 else {
            throw ParseError.system(Errno.current, "cannot write in \(dir)")
        }
        // The temporary name keeps the target's bytes (whatever they are) after a dot.
        let prefix = PathComponents.appending("." + PathComponents.lastComponent(targetPath) + ".livephoto-", to: dir)
        guard let (fd, temporaryPath) = FileSystemCalls.makeTemporaryFile(prefix: prefix) else {
            throw ParseError.system(Errno.current, "cannot create a temporary file in \(dir)")
        }
        self.fd = fd
        self.temporaryPath = temporaryPath
        // The replacement keeps the owner, group, mode and extended attributes of the file it
        // replaces (or of `modeFrom`); a new file gets the usual mode under the umask.
        var existing = stat()
        if FileSystemCalls.stat(modeFrom ?? targetPath, &existing) == 0 {
            do { try FileMetadata.read(path: modeFrom ?? targetPath).applyOwnershipAttributesAndMode(to: fd) } catch {
                close(fd); FileSystemCalls.unlink(temporaryPath); self.fd = -1; finished = true
                throw error
            }
        } else {
            _ = fchmod(fd, 0o666 & ~FileCreationMask.current())
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
        unsynced = true
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
                if done > 0 { copied += UInt64(done); bytesWritten += UInt64(done); unsynced = true; continue }
                if done == 0 { throw ParseError(.truncated, "file shrank while copying", path: "", offset: offset + copied) }
                let e = errno
                if e == EINTR { continue }
                if e == ENOSPC || e == EDQUOT || e == EIO { throw ParseError.system(Errno(rawValue: e), "write failed") }
                kernelCopy = false   // EXDEV, ENOSYS, EINVAL...: fall back to read/write
            }
            let chunk = Int(min(UInt64(1 << 20), count - copied))
            try write(try source.read(at: offset + copied, count: chunk))
            copied += UInt64(chunk)
        }
    }

    /// fsync (unless `sync()` already flushed everything), rename over the target, fsync the
    /// directory.
    public func commit() throws { try commit(syncingDirectory: true) }

    /// `commit()`, leaving the directory's fsync to the caller when `syncingDirectory` is false
    /// (who must then call `syncDirectory(of:)` before anything relies on the rename lasting).
    public func commit(syncingDirectory: Bool) throws {
        guard !finished else { return }
        if unsynced && fsync(fd) != 0 { let e = errno; discard(); throw ParseError.system(Errno(rawValue: e), "fsync failed") }
        close(fd)
        fd = -1
        if FileSystemCalls.rename(temporaryPath, targetPath) != 0 {
            let e = errno
            FileSystemCalls.unlink(temporaryPath)
            finished = true
            throw ParseError.system(Errno(rawValue: e), "cannot replace \(targetPath)")
        }
        finished = true
        if syncingDirectory { AtomicFileWriter.syncDirectory(of: targetPath) }
    }

    /// fsync, then put the file in place only if nothing is at the target (a hard link, which
    /// fails on an existing name, then the temporary name removed): for new files that must
    /// never overwrite one another, even when two workers pick the same name at once.
    public func commitWithoutReplacing() throws {
        guard !finished else { return }
        if unsynced && fsync(fd) != 0 { let e = errno; discard(); throw ParseError.system(Errno(rawValue: e), "fsync failed") }
        close(fd)
        fd = -1
        defer { FileSystemCalls.unlink(temporaryPath); finished = true }
        if FileSystemCalls.link(temporaryPath, targetPath) != 0 {
            let e = errno
            throw e == EEXIST ? ParseError.system(.exists, message: "already exists; not overwritten") : ParseError.system(Errno(rawValue: e), "cannot create \(targetPath)")
        }
        AtomicFileWriter.syncDirectory(of: targetPath)
    }

    /// Flushes the temporary file to disk without renaming it (prepare step of a two-file commit).
    public func sync() throws {
        if fsync(fd) != 0 { throw ParseError.system(Errno.current, "fsync failed") }
        unsynced = false
    }

    /// Asks the kernel to start writing the temporary file back now, without waiting: a batch
    /// that makes its outputs durable later (one `syncfs`) then overlaps the disk writes with
    /// its other work. Advisory: durability still comes from fsync/syncfs (after a discard or
    /// commit the descriptor is -1, and the call fails harmlessly).
    public func startWriteback() {
        _ = livephoto_start_writeback(fd)
    }

    public func discard() {
        guard !finished else { return }
        if fd >= 0 { close(fd); fd = -1 }
        FileSystemCalls.unlink(temporaryPath)
        finished = true
    }

    public static func syncDirectory(of path: String) {
        if let dfd = FileSystemCalls.open(PathComponents.directory(of: path), O_RDONLY | O_DIRECTORY) { _ = fsync(dfd); close(dfd) }
    }
}

extension AtomicFileWriter {
    /// Removes temporary files an interrupted earlier run left beside each of `targetPaths`
    /// (`.NAME.livephoto-XXXXXX`), so a rerun cleans up after a crash or power loss; each folder
    /// is read once (a still and its movie are usually side by side).
    public static func removeStaleTemporaries(for targetPaths: [String]) {
        for path in staleTemporaries(for: targetPaths) { FileSystemCalls.unlink(path) }
    }

    /// The temporary files (a killed rewrite's, or a killed pair's still backup) beside
    /// `targetPaths`, reading each folder once.
    public static func staleTemporaries(for targetPaths: [String]) -> [String] {
        var found: [String] = []
        let byFolder = Dictionary(grouping: targetPaths, by: { PathComponents.directory(of: $0) })
        for (dir, targets) in byFolder {
            let prefixes = targets.map { Array(("." + PathComponents.lastComponent($0) + ".livephoto-").unicodeScalars) }
            guard let names = FileSystemCalls.directoryEntries(dir) else { continue }
            for name in names {
                let scalars = Array(name.unicodeScalars)
                if prefixes.contains(where: { scalars.count == $0.count + 6 && scalars.starts(with: $0) }) {
                    found.append(PathComponents.appending(name, to: dir))
                }
            }
        }
        return found
    }

    /// Whether two paths name the same existing file (same device and inode).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        guard FileSystemCalls.stat(a, &sa) == 0, FileSystemCalls.stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}
