import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A read-only file read by positioned reads (`pread`): only the ranges asked for are read,
/// so opening a 4 GB movie costs its box headers and its `moov`, never its media data.
public final class FileSource {
    public let path: String
    public let size: UInt64
    /// Where this source starts in the underlying file: non-zero for a slice (an MP4 embedded
    /// in a Motion Photo), so readers see offsets relative to the slice's start.
    public let baseOffset: UInt64
    private let fd: Int32
    /// Bytes read so far through this source: lets tests prove a 4 GB movie is opened by
    /// reading its headers and `moov` only.
    public private(set) var bytesRead: UInt64 = 0
    /// The source's first bytes, read at once when asked (`prefetch`): header parsers make many
    /// small reads near the start, and a folder scan of thousands of files pays for each.
    private var head: [UInt8] = []

    /// Opens `path` for reading; a directory, a missing file or a refused open is an `io` error
    /// whose message says which.
    /// With `prefetch` > 0, the first `prefetch` bytes (or the whole file when shorter) are read
    /// with one positioned read now, and later reads inside them cost no system call.
    public convenience init(path: String, prefetch: Int = 0) throws {
        try self.init(opened: FileSystemCalls.open(path, FileSource.openFlags), path: path, prefetch: prefetch)
    }

    /// The same, opening the file as `name` in the folder open as `folder` (`path` is that
    /// folder's path and the name: what errors say): the kernel looks up one name, not every
    /// component of the path (a folder scan opens thousands of files in one folder).
    public convenience init(path: String, name: [UInt8], inFolder folder: Int32, prefetch: Int = 0) throws {
        try self.init(opened: FileSystemCalls.open(name: name, inFolder: folder, FileSource.openFlags), path: path, prefetch: prefetch)
    }

    // Open first, then `fstat` the descriptor: one name lookup instead of two (a folder scan
    // opens thousands of files). `O_NONBLOCK` keeps the open of a FIFO from waiting for a
    // writer (it changes nothing for a regular file's reads); `O_NOCTTY` keeps a terminal
    // from becoming ours. Whatever is not a regular file is closed unread.
    private static let openFlags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

    /// Takes `fd`, the result of opening `path` (nil: the open failed, errno says why).
    private init(opened fd: Int32?, path: String, prefetch: Int) throws {
        self.path = path
        guard let fd else {
            let openError = Errno.current
            throw FileSource.openFailure(path: path, openError: openError)
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = ParseError.system(Errno.current)
            close(fd)
            throw error
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            if (st.st_mode & S_IFMT) == S_IFDIR { throw ParseError.system(Errno(rawValue: EISDIR)) }
            throw ParseError(.io, "not a regular file")
        }
        self.fd = fd
        self.size = UInt64(st.st_size)
        self.baseOffset = 0
        if prefetch > 0 {
            let count = Int(min(UInt64(prefetch), size))
            head = [UInt8](repeating: 0, count: count)
            try head.withUnsafeMutableBytes { raw in try readFully(into: raw, at: 0, context: "") }
            bytesRead += UInt64(count)
        }
    }

    /// Why `path` could not be opened, in the words a `stat` first would give: a missing file
    /// says so, a socket or device is "not a regular file", and only a file that exists and is
    /// regular reports the open's own error (a refused permission).
    private static func openFailure(path: String, openError: Errno) -> ParseError {
        var st = stat()
        guard FileSystemCalls.stat(path, &st) == 0 else { return ParseError.system(Errno.current) }
        if (st.st_mode & S_IFMT) == S_IFDIR { return ParseError.system(Errno(rawValue: EISDIR)) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return ParseError(.io, "not a regular file") }
        return ParseError.system(openError)
    }

    private init(path: String, fd: Int32, baseOffset: UInt64, size: UInt64) {
        self.path = path; self.fd = fd; self.baseOffset = baseOffset; self.size = size
    }

    /// A source over `length` bytes at `offset` of this one (its own descriptor, so it outlives
    /// this source): lets a movie reader open an MP4 that sits inside another file without copying it.
    public func slice(offset: UInt64, length: UInt64) throws -> FileSource {
        guard offset <= size, length <= size - offset else {
            throw ParseError(.truncated, "a range of \(length) bytes at \(offset) runs past the end (\(size) bytes)", path: "", offset: offset)
        }
        // Close-on-exec from the start (not set after a dup, when another thread may have forked).
        guard let copy = FileSystemCalls.opened(fcntl(fd, F_DUPFD_CLOEXEC, 0)) else { throw ParseError.system(Errno.current) }
        return FileSource(path: path, fd: copy, baseOffset: baseOffset + offset, size: length)
    }

    deinit { close(fd) }

    public var fileDescriptor: Int32 { fd }

    /// Reads exactly `count` bytes at `offset`. The range is checked against the file size
    /// before any buffer is allocated, so a hostile size field cannot cause a huge allocation.
    public func read(at offset: UInt64, count: Int, path context: String = "") throws -> [UInt8] {
        guard count >= 0 else { throw ParseError(.invalidValue, "negative read", path: context, offset: offset) }
        guard offset <= size, UInt64(count) <= size - offset else {
            throw ParseError(.truncated, "truncated: needs \(count) bytes, file ends at \(size)", path: context, offset: offset)
        }
        if let inHead = headRange(offset, count) { return Array(head[inHead]) }
        var buffer = [UInt8](repeating: 0, count: count)
        try buffer.withUnsafeMutableBytes { raw in try readFully(into: raw, at: offset, context: context) }
        bytesRead += UInt64(count)
        return buffer
    }

    /// A reader over `count` bytes at `offset` (its `baseOffset` maps to this source's
    /// offsets, for errors): over the prefetched head without a copy when they lie in it,
    /// else over a read made now. The same checks and errors as `read`.
    public func reader(at offset: UInt64, count: Int, path context: String = "") throws -> ByteReader {
        if let inHead = headRange(offset, count) { return ByteReader(head, range: inHead, baseOffset: 0, path: context) }
        return ByteReader(try read(at: offset, count: count, path: context), baseOffset: offset, path: context)
    }

    /// Where `count` bytes at `offset` lie in the prefetched head; nil when they do not all (or
    /// the count is negative).
    private func headRange(_ offset: UInt64, _ count: Int) -> Range<Int>? {
        guard let n = UInt64(exactly: count), n <= UInt64(head.count), offset <= UInt64(head.count) - n else { return nil }
        return Int(offset)..<Int(offset) + count
    }

    private func readFully(into raw: UnsafeMutableRawBufferPointer, at offset: UInt64, context: String) throws {
        let done: Int
        do {
            done = try PositionedRead.read(into: raw, from: fd, at: baseOffset + offset)
        } catch let failure as PositionedRead.Failure {
            throw ParseError.system(failure.errno, "read failed", path: context, offset: offset + UInt64(failure.bytesRead))
        }
        if done < raw.count { throw ParseError(.truncated, "file shrank while reading", path: context, offset: offset + UInt64(done)) }
    }

    /// Reads up to `count` bytes at `offset` (fewer at end of file).
    public func readUpTo(at offset: UInt64, count: Int) throws -> [UInt8] {
        guard offset < size else { return [] }
        let n = Int(min(UInt64(count), size - offset))
        return try read(at: offset, count: n)
    }

    /// The reason for error number `code` in words (see `Errno.description`).
    public static func describe(_ code: Int32) -> String { Errno(rawValue: code).description }
}
