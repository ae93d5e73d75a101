import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Edits a movie whose `moov` is its last box without rewriting the media: `prepare()`
/// appends a new `mdat` (the new samples) and the new `moov` and fsyncs, leaving the old
/// `moov` first so players still use it; `commit()` retires the old `moov` as `free` with one
/// 4-byte write. The file is a playable movie at every instant, and the cost does not grow
/// with the size of the video. `abort()` truncates the appended bytes away.
public final class TailAppendMovieWrite: PreparedFileWrite {
    public let path: String
    private let originalSize: UInt64
    private let oldMovieTypeOffset: UInt64
    private let appended: [UInt8]
    private var fd: Int32 = -1
    private var state: State = .planned
    private enum State { case planned, prepared, finished }

    /// Whether `file` can be edited this way: its first `moov` is the last box, with its size
    /// written out (a `moov` of size 0, "to the end of the file", would swallow what is appended).
    public static func applies(to file: MovieFile) -> Bool {
        file.moovHeader.end == file.topLevel.fileSize && !file.moovHeader.runsToEnd
    }

    public init(_ plan: MovieRewritePlan) throws {
        let file = plan.file
        guard TailAppendMovieWrite.applies(to: file) else {
            throw ParseError(.unsupported, "moov is not the last box; a tail edit does not apply", path: "moov", offset: file.moovHeader.offset)
        }
        path = file.source.path
        originalSize = file.topLevel.fileSize
        oldMovieTypeOffset = file.moovHeader.offset + 4
        let layout = try MovieLayout(pieces: [.appendedMedia, .movie], base: originalSize, plan: plan)
        appended = layout.pieces.flatMap { layout.bytes(of: $0, plan: plan) }
    }

    deinit { if fd >= 0 { close(fd) } }

    public func prepare() throws {
        precondition(state == .planned)
        fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw ParseError(.io, "cannot open for writing: \(FileSource.describe(errno))") }
        var st = stat()
        guard fstat(fd, &st) == 0, UInt64(st.st_size) == originalSize else {
            throw ParseError(.io, "file changed while pairing")
        }
        do {
            // In two halves, so the test-only fault injection can stop a torn append.
            let half = appended.count / 2
            try writeAll(Array(appended[..<half]), at: originalSize)
            FaultInjection.reach(.movieAppending)
            try writeAll(Array(appended[half...]), at: originalSize + UInt64(half))
            guard fsync(fd) == 0 else { throw ParseError(.io, "fsync failed: \(FileSource.describe(errno))") }
            FaultInjection.reach(.movieAppended)
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
        defer { close(fd); fd = -1; state = .finished }
        try writeAll(FourCC("free").bytes, at: oldMovieTypeOffset)
        guard fsync(fd) == 0 else { throw ParseError(.io, "fsync failed: \(FileSource.describe(errno))") }
    }

    public func abort() {
        guard state == .prepared else { return }
        _ = ftruncate(fd, off_t(originalSize))
        _ = fsync(fd)
        close(fd); fd = -1
        state = .finished
    }

    private func writeAll(_ bytes: [UInt8], at offset: UInt64) throws {
        var done = 0
        try bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let n = pwrite(fd, raw.baseAddress! + done, raw.count - done, off_t(offset) + off_t(done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ParseError(.io, "write failed: \(FileSource.describe(errno))")
                }
                done += n
            }
        }
    }
}
