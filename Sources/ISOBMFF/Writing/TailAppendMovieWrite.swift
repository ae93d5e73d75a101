import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// Edits a movie without rewriting its media, wherever its `moov` is: `prepare()` appends our
/// `TailAppendMarker`, a new `mdat` (only when there are new samples) and the new `moov` at the
/// end of the file and fsyncs, leaving the old `moov` first so players still use it (a second
/// `moov` is ignored by players and by our reader); `commit()` retires the old `moov` as `free`
/// with one 4-byte write, after which the new one is the first. No byte of media moves, so no
/// chunk offset changes: the file is a playable movie at every instant, and the cost does not
/// grow with the size of the video. A `moov` that came first ends up last (`--faststart` takes
/// the whole-file rewrite instead). `abort()` truncates the appended bytes away; so does the
/// next run after a kill before the commit, guided by the marker (`InterruptedAppendRecovery`).
/// Boxes someone appended after `moov` stay where they are, before the append.
///
/// A last box of size 0 ("to the end of the file", e.g. an `mdat` of a streamed recording)
/// would swallow what is appended: the marker (which records that box) is appended and
/// fsynced first, then the box's explicit size (4 bytes, fsynced; its media bytes stay the
/// same, the marker becomes a box of its own), then the rest. A size that needs the 64-bit form cannot be written
/// into an 8-byte header: such a file takes the whole-file rewrite, as does one whose last
/// bytes are not a box (a trailer the new boxes would hide behind).
public final class TailAppendMovieWrite: PreparedFileWrite {
    public let path: String
    private let originalSize: UInt64
    private let oldMovieTypeOffset: UInt64
    /// The last box's header offset and explicit size, when its size field is 0.
    private let explicitSize: (offset: UInt64, size: UInt32)?
    private let marker: TailAppendMarker
    /// Everything appended after the marker.
    private let appended: [UInt8]
    private var file: InPlaceFileEdit?
    private var state: State = .planned
    private enum State { case planned, prepared, finished }

    /// Whether `file` can be edited this way: it ends with a box (no interrupted edit left, no
    /// trailer that is not a box), has one `moov`, and its last box, if it runs to the end of the file, can take
    /// an explicit 32-bit size.
    public static func applies(to file: MovieFile) -> Bool {
        guard file.topLevel.incompleteTailOffset == nil, file.interruptedAppend == nil, let last = file.topLevel.boxes.last,
              // Retiring the first `moov` would hand the file to a second one (someone's) before ours.
              file.topLevel.all("moov").count == 1 else { return false }
        return !last.runsToEnd || (last.headerSize == 8 && last.size <= UInt64(UInt32.max))
    }

    public init(_ plan: MovieRewritePlan) throws {
        let file = plan.file
        guard TailAppendMovieWrite.applies(to: file), let last = file.topLevel.boxes.last else {
            throw ParseError(.unsupported, "the file does not end cleanly with a box of known size; a tail edit does not apply", path: "", offset: file.topLevel.fileSize)
        }
        path = file.source.path
        originalSize = file.topLevel.fileSize
        oldMovieTypeOffset = file.moovHeader.offset + 4
        explicitSize = last.runsToEnd ? (last.offset, UInt32(last.size)) : nil
        marker = TailAppendMarker(originalLength: originalSize, sizeZeroBoxOffset: explicitSize?.offset)
        // No empty `mdat` when there is no new sample: the marker is all the append adds.
        let pieces: [MovieLayout.Piece] = plan.appendedMedia.isEmpty ? [.movie] : [.appendedMedia, .movie]
        let layout = try MovieLayout(pieces: pieces, base: originalSize + UInt64(TailAppendMarker.size), plan: plan)
        appended = layout.pieces.flatMap { layout.bytes(of: $0, plan: plan) }
        newMovie = layout.moovBytes
    }

    /// The new `moov` as it is appended (for reading it back before the commit).
    public let newMovie: [UInt8]

    public func prepare() throws { try prepare(beforeFlush: {}) }

    /// `prepare()`, calling `beforeFlush` once the new bytes are written and before they are
    /// flushed: a caller's own flush there (the still's directory) and this one then share
    /// one journal commit on file systems that batch them, and are each complete anyway.
    public func prepare(beforeFlush: () -> Void) throws {
        precondition(state == .planned)
        let file = try InPlaceFileEdit(path: path, originalSize: originalSize)
        self.file = file
        do {
            var bytes = marker.bytes
            var at = originalSize
            if let explicitSize {
                // The marker (inside the last box while its size is 0), then the box's explicit
                // size, which ends it where the marker starts (its media bytes are the same),
                // each durable before the next step: the size is never explicit without the
                // marker that records its old 0.
                try writeAll(bytes, at: at)
                try flushData()
                try writeAll(Self.bigEndian(explicitSize.size), at: explicitSize.offset)
                try flushData()
                at += UInt64(bytes.count)
                bytes = []
            }
            bytes += appended
            // In two halves, so the test-only fault injection can stop a torn append.
            let half = bytes.count / 2
            try writeAll(Array(bytes[..<half]), at: at)
            FaultInjection.reach(.movieAppending)
            try writeAll(Array(bytes[half...]), at: at + UInt64(half))
            beforeFlush()
            try flushData()
            FaultInjection.reach(.movieAppended)
        } catch {
            undoAppend()
            self.file = nil
            state = .finished
            throw error
        }
        state = .prepared
    }

    /// Cuts the appended bytes and puts back a size field of 0: the original bytes again.
    private func undoAppend() {
        guard let file else { return }
        try? InterruptedAppendRecovery.undo(fd: file.descriptor, InterruptedAppend(start: originalSize, sizeZeroBoxOffset: explicitSize?.offset))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    public func commit() throws {
        precondition(state == .prepared)
        defer { file = nil; state = .finished }
        try writeAll(FourCC("free").bytes, at: oldMovieTypeOffset)
        try flushData()
    }

    /// Makes the bytes written so far durable, and the file's size with them, before the next
    /// step depends on them (the append before the retirement that makes it rule; the
    /// retirement before the run reports success). `fdatasync` is enough: the timestamps are
    /// not part of either form of the movie (and the kept times are set after the commit), and
    /// skipping them spares the 4-byte retirement, which changes no size, a journal commit.
    private func flushData() throws {
        try file?.syncData()
    }

    public func abort() {
        guard state == .prepared else { return }
        undoAppend()
        file = nil
        state = .finished
    }

    private func writeAll(_ bytes: [UInt8], at offset: UInt64) throws {
        try file?.write(bytes, at: offset)
    }
}
