#if canImport(Glibc)
import Glibc
#endif

/// The one step every in-place edit takes (the tail appends, the in-place `moov` growth): the
/// file opened read-write and checked to have the size it had when it was read, written at
/// offsets, flushed, read back, and undone by cutting it back to that size. The descriptor is
/// closed by `close()` or when the edit goes away.
public final class InPlaceFileEdit {
    public let path: String
    /// The file's size when it was read: what a check expects and an undo cuts back to.
    public let originalSize: UInt64
    /// The open descriptor (for steps of a caller's own, e.g. undoing an interrupted append).
    public private(set) var descriptor: Int32

    /// Opens `path` for the edit and checks that it still has `originalSize` bytes.
    public init(path: String, originalSize: UInt64) throws {
        self.path = path
        self.originalSize = originalSize
        guard let fd = FileSystemCalls.open(path, O_RDWR | O_CLOEXEC) else { throw ParseError.system(Errno.current, "cannot open for writing") }
        descriptor = fd
        var st = stat()
        guard fstat(descriptor, &st) == 0, UInt64(st.st_size) == originalSize else {
            close()
            throw ParseError(.io, "file changed while pairing")
        }
    }

    /// Opens `path` again for a later step of an edit (settling, undoing after a commit),
    /// without the size check: the file has the edit's size by then. Nil when it cannot be opened.
    public init?(reopening path: String, originalSize: UInt64) {
        self.path = path
        self.originalSize = originalSize
        guard let fd = FileSystemCalls.open(path, O_RDWR | O_CLOEXEC) else { return nil }
        descriptor = fd
    }

    deinit { close() }

    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    public func write(_ bytes: [UInt8], at offset: UInt64) throws {
        try PositionedWrite.writeAll(bytes, to: descriptor, at: offset)
    }

    /// `count` bytes at `offset`, or nil when they cannot all be read.
    public func read(count: Int, at offset: UInt64) -> [UInt8]? {
        guard let bytes = try? PositionedRead.read(count: count, from: descriptor, at: offset), bytes.count == count else { return nil }
        return bytes
    }

    /// Makes what was written durable (`fsync`).
    public func sync() throws {
        guard fsync(descriptor) == 0 else { throw ParseError.system(Errno.current, "fsync failed") }
    }

    /// Makes the written bytes and the file's size durable (`fdatasync`: the timestamps are not
    /// part of the edit).
    public func syncData() throws {
        guard fdatasync(descriptor) == 0 else { throw ParseError.system(Errno.current, "fsync failed") }
    }

    /// Undoes an append: the file cut back to `originalSize`, then flushed. Best effort (an
    /// undo runs after a failure, which it reports).
    public func cutToOriginalSize() {
        _ = ftruncate(descriptor, off_t(originalSize))
        _ = fsync(descriptor)
    }
}
