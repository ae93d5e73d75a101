#if canImport(Glibc)
import Glibc
#endif

/// Makes an overwrite of a byte range inside an existing file crash-safe: before the range is
/// touched, its old bytes are written and fsynced to a small journal file beside the target
/// (`.<name>.livephoto-journal`). The overwrite is in effect once the journal is removed. A
/// run killed in between leaves the journal; `recover(target:)` on the next run writes the old
/// bytes back, so the file is its original again, whatever part of the overwrite had landed.
///
/// Layout (big-endian): "LPJRNL01", file size, offset, length, checksum (FNV-1a 64 over the
/// three numbers and the bytes), then the old bytes. A journal that is torn or does not match
/// its checksum was never complete, so the target was never touched: it is simply removed.
public struct OverwriteJournal {
    static let magic = Array("LPJRNL01".utf8)
    static let headerSize = 8 + 8 * 4
    /// Journals larger than this are not read back (a journal is written only for a `moov`).
    public static let maximumLength: UInt64 = 512 << 20

    public let target: String
    public let journalPath: String

    /// The journal's name for `target`: hidden, beside it, in the same directory (same file system).
    public static func path(for target: String) -> String {
        PathComponents.appending("." + PathComponents.lastComponent(target) + ".livephoto-journal", to: PathComponents.directory(of: target))
    }

    /// Writes and fsyncs the journal holding `oldBytes` (the bytes at `offset` of `target`,
    /// whose size is `fileSize`), and fsyncs the directory so the journal's name is durable.
    public init(target: String, offset: UInt64, oldBytes: [UInt8], fileSize: UInt64) throws {
        self.target = target
        journalPath = Self.path(for: target)
        var header = ByteWriter(capacity: Self.headerSize + oldBytes.count)
        header.append(Self.magic)
        header.u64(fileSize); header.u64(offset); header.u64(UInt64(oldBytes.count))
        header.u64(Self.checksum(fileSize: fileSize, offset: offset, bytes: oldBytes))
        header.append(oldBytes)
        guard let fd = FileSystemCalls.open(journalPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) else { throw ParseError.system(Errno.current, "cannot write a journal beside the file") }
        do {
            try PositionedWrite.writeAll(header.bytes, to: fd, at: 0)
            guard fsync(fd) == 0 else { throw ParseError.system(Errno.current, "fsync failed") }
            close(fd)
            AtomicFileWriter.syncDirectory(of: journalPath)
        } catch {
            close(fd)
            FileSystemCalls.unlink(journalPath)
            throw error
        }
    }

    /// Ends the overwrite: the journal goes (and the directory is fsynced).
    public func remove() {
        FileSystemCalls.unlink(journalPath)
        AtomicFileWriter.syncDirectory(of: journalPath)
    }

    /// What `recover` did.
    public enum Recovery: String, Sendable {
        /// No journal beside the file.
        case none
        /// A complete journal: its old bytes were written back.
        case restored
        /// An incomplete journal (the run died writing it, before touching the file): removed.
        case discarded
    }

    /// Puts back the bytes an interrupted overwrite of `target` journaled, then removes the
    /// journal. Throws (leaving the journal) when the journal does not fit the file (its size
    /// differs) or the bytes cannot be written back.
    @discardableResult
    public static func recover(target: String) throws -> Recovery { try recover(target: target, maximumLength: maximumLength) }

    /// `maximumLength`: the most old bytes a journal is taken to hold; a parameter so that a
    /// test reaches the bound without writing 512 MiB.
    static func recover(target: String, maximumLength: UInt64) throws -> Recovery {
        let journalPath = path(for: target)
        let source: FileSource
        do { source = try FileSource(path: journalPath) } catch {
            if FileSystemCalls.access(journalPath, F_OK) != 0 { return .none }
            throw error
        }
        guard source.size >= UInt64(headerSize), source.size - UInt64(headerSize) <= maximumLength else {
            FileSystemCalls.unlink(journalPath)
            return .discarded
        }
        var reader = ByteReader(try source.read(at: 0, count: Int(source.size), path: "journal"), path: journalPath)
        let magic = try reader.readBytes(8)
        let fileSize = try reader.readUInt64(), offset = try reader.readUInt64(), length = try reader.readUInt64()
        let sum = try reader.readUInt64()
        guard magic == Self.magic, length == UInt64(reader.remaining) else {
            FileSystemCalls.unlink(journalPath)
            return .discarded
        }
        let old = try reader.readBytes(Int(length))
        guard sum == checksum(fileSize: fileSize, offset: offset, bytes: old) else {
            FileSystemCalls.unlink(journalPath)
            return .discarded
        }
        guard let fd = FileSystemCalls.open(target, O_RDWR | O_CLOEXEC) else { throw ParseError.system(Errno.current, "cannot open for writing") }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, UInt64(st.st_size) == fileSize, offset <= fileSize, length <= fileSize - offset else {
            throw ParseError(.io, "the file changed since an interrupted edit; its journal \(journalPath) no longer fits")
        }
        try PositionedWrite.writeAll(old, to: fd, at: offset)
        guard fsync(fd) == 0 else { throw ParseError.system(Errno.current, "fsync failed") }
        FileSystemCalls.unlink(journalPath)
        AtomicFileWriter.syncDirectory(of: journalPath)
        return .restored
    }

    static func checksum(fileSize: UInt64, offset: UInt64, bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for value in [fileSize, offset, UInt64(bytes.count)] {
            for shift in stride(from: 56, through: 0, by: -8) { mix(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        for byte in bytes { mix(byte) }
        return hash
    }
}
