import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Edits a HEIF file in place without rewriting its images, for an edit whose `meta` keeps its
/// size: `prepare()` appends the new `mdat` and fsyncs (the file still reads as before: nothing
/// points at the new bytes yet); `commit()` overwrites only the bytes of `meta` that differ
/// (the item's `iloc` extent: a few bytes) and fsyncs. `abort()` truncates the appended bytes.
/// When the new bytes also fit the item's old place, `settleInPlace()` then moves them there
/// and cuts the appended box off again, in steps that each leave a complete file: the bytes
/// are written over the old ones (nothing points at them), `iloc` is pointed back at them,
/// the tail is truncated. The file keeps its size.
public final class HEIFTailAppendWrite: PreparedFileWrite {
    public let path: String
    private let originalSize: UInt64
    private let appended: [UInt8]
    /// The differing run of `meta`: where it goes, the new bytes, and the old ones (to undo).
    private let patchOffset: UInt64
    private let newBytes: [UInt8]
    private let oldBytes: [UInt8]
    /// For `settleInPlace()`: where the item's old bytes are, and the `meta` patch back to them.
    private let settle: (offset: UInt64, data: [UInt8], metaOffset: UInt64, metaBytes: [UInt8])?
    private var fd: Int32 = -1
    private var state: State = .planned
    private enum State { case planned, prepared, committed, finished }

    /// - Parameter inPlace: the same edit with the bytes over the old ones (same `meta` size),
    ///   when they fit there; used by `settleInPlace()`.
    public init(_ edit: HEIFItemEdit, inPlace: HEIFItemEdit? = nil) throws {
        guard edit.keepsMetaSize, edit.placement == .appended else {
            throw ParseError(.unsupported, "the edit changes the size of 'meta'; a tail edit does not apply", path: "meta", offset: edit.file.metaHeader.offset)
        }
        let file = edit.file
        path = file.source.path
        originalSize = file.source.size
        appended = edit.appendedBytes
        let old = try file.source.read(at: file.metaHeader.offset, count: Int(file.metaHeader.size), path: "meta")
        let first = old.indices.first { old[$0] != edit.metaBytes[$0] } ?? 0
        var last = old.count - 1
        while last > first && old[last] == edit.metaBytes[last] { last -= 1 }
        patchOffset = file.metaHeader.offset + UInt64(first)
        newBytes = Array(edit.metaBytes[first...last])
        oldBytes = Array(old[first...last])
        if let inPlace, inPlace.keepsMetaSize, inPlace.placement == .inPlace, let at = inPlace.patchOffset {
            // From the committed meta (edit.metaBytes) to the settled one: the differing run.
            let from = edit.metaBytes, to = inPlace.metaBytes
            let a = from.indices.first { from[$0] != to[$0] } ?? 0
            var b = from.count - 1
            while b > a && from[b] == to[b] { b -= 1 }
            settle = (at, inPlace.data, file.metaHeader.offset + UInt64(a), Array(to[a...b]))
        } else {
            settle = nil
        }
    }

    /// Whether `settleInPlace()` has anything to do.
    public var canSettleInPlace: Bool { settle != nil }

    /// After a successful commit: moves the new bytes into the item's old place and truncates
    /// the appended box (see the type's comment). Best effort: a failure at any step leaves a
    /// complete, paired file (at worst with the appended box still there).
    public func settleInPlace() {
        guard state == .committed, let settle else { return }
        fd = FileSystemCalls.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd); fd = -1; state = .finished }
        do {
            try writeAll(settle.data, at: settle.offset)
            guard fsync(fd) == 0 else { return }
            try writeAll(settle.metaBytes, at: settle.metaOffset)
            guard fsync(fd) == 0 else { return }
            _ = ftruncate(fd, off_t(originalSize))
            _ = fsync(fd)
        } catch {}
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Bytes this edit writes in all: the appended box and the patch of `meta`.
    public var bytesWritten: Int { appended.count + newBytes.count }

    public func prepare() throws {
        precondition(state == .planned)
        fd = FileSystemCalls.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw ParseError.system(Errno.current, "cannot open for writing") }
        var st = stat()
        guard fstat(fd, &st) == 0, UInt64(st.st_size) == originalSize,
              try readBack(at: patchOffset, count: oldBytes.count) == oldBytes else {
            close(fd); fd = -1; state = .finished
            throw ParseError(.io, "file changed while pairing")
        }
        do {
            try writeAll(appended, at: originalSize)
            guard fsync(fd) == 0 else { throw ParseError.system(Errno.current, "fsync failed") }
        } catch {
            _ = ftruncate(fd, off_t(originalSize))
            _ = fsync(fd)
            close(fd); fd = -1
            state = .finished
            throw error
        }
        state = .prepared
    }

    public func commit() throws {
        precondition(state == .prepared)
        do {
            try writeAll(newBytes, at: patchOffset)
            guard fsync(fd) == 0 else { throw ParseError.system(Errno.current, "fsync failed") }
        } catch {
            abort()
            throw error
        }
        state = .committed
        close(fd); fd = -1
    }

    /// Before commit: removes the appended bytes. After a commit whose result failed a later
    /// check: puts the old `meta` bytes back, then removes the appended bytes.
    public func abort() {
        switch state {
        case .prepared:
            _ = try? writeAll(oldBytes, at: patchOffset)
            _ = ftruncate(fd, off_t(originalSize))
            _ = fsync(fd)
            close(fd); fd = -1
        case .committed:
            fd = FileSystemCalls.open(path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else { break }
            _ = try? writeAll(oldBytes, at: patchOffset)
            _ = fsync(fd)
            _ = ftruncate(fd, off_t(originalSize))
            _ = fsync(fd)
            close(fd); fd = -1
        default: break
        }
        state = .finished
    }

    private func readBack(at offset: UInt64, count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, count, off_t(offset)) }
        return n == count ? buffer : []
    }

    private func writeAll(_ bytes: [UInt8], at offset: UInt64) throws {
        try PositionedWrite.writeAll(bytes, to: fd, at: offset)
    }
}
