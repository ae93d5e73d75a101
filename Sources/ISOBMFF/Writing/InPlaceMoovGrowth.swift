import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// `--faststart` without rewriting the file: when `moov` comes before the media and is
/// followed by padding (`free`/`wide`/`skip` boxes, e.g. ffmpeg's `-moov_size` reserve), the
/// new `moov` (and the small `mdat` of a new still-image-time sample) is written over the old
/// `moov` and the padding, and what is left of the padding stays a `free` box. No media byte
/// moves, so no chunk offset changes, and the file keeps its size.
///
/// Overwriting the old `moov` is not atomic, so it goes through an `OverwriteJournal`:
/// `prepare()` saves the old bytes of the region beside the movie (fsynced); `commit()` writes
/// the new region, fsyncs and removes the journal. A run killed in between leaves the journal,
/// and the next run puts the old bytes back (`OverwriteJournal.recover`) before reading the movie.
public final class InPlaceMoovGrowth: PreparedFileWrite {
    /// Padding box types that may be written over.
    static let paddingTypes: Set<FourCC> = ["free", "wide", "skip"]

    public let path: String
    private let originalSize: UInt64
    /// Where the region starts (the old `moov`'s offset) and its new bytes.
    private let offset: UInt64
    private let newBytes: [UInt8]
    private var oldBytes: [UInt8] = []
    private var journal: OverwriteJournal?
    private var file: InPlaceFileEdit?
    private var state: State = .planned
    private enum State { case planned, prepared, finished }
    /// After a failed `commit()`: whether the old bytes are back (the movie is its original).
    public private(set) var restoredAfterFailure = false

    /// The growth for `plan`, or nil when its new `moov` does not fit the old one plus the
    /// padding after it (or the layout is not one this applies to: `moov` after media, at the
    /// very start of the file, a padding box holding media, a remainder of 1 to 7 bytes).
    /// - Parameter path: the file to write, with symbolic links resolved (the journal goes
    ///   beside the real file, where the next run looks for it); by default the plan's file.
    public static func fitting(_ plan: MovieRewritePlan, path: String? = nil) throws -> InPlaceMoovGrowth? {
        let file = plan.file
        let moov = file.moovHeader
        // Base 0 would make the layout map chunk offsets as in a whole-file rewrite.
        guard moov.offset > 0, file.moovBeforeMedia, file.topLevel.incompleteTailOffset == nil,
              file.interruptedAppend == nil,
              let index = file.topLevel.boxes.firstIndex(where: { $0.offset == moov.offset }) else { return nil }
        var end = moov.end
        for box in file.topLevel.boxes[(index + 1)...] {
            guard paddingTypes.contains(box.type), !box.runsToEnd else { break }
            end = box.end
        }
        let chunkInRegion = file.movie.tracks.contains { track in
            track.sampleTable.chunkOffsets.offsets.contains { $0 >= moov.offset && $0 < end }
        }
        guard !chunkInRegion else { return nil }
        let pieces: [MovieLayout.Piece] = plan.appendedMedia.isEmpty ? [.movie] : [.movie, .appendedMedia]
        let layout = try MovieLayout(pieces: pieces, base: moov.offset, plan: plan)
        var bytes = layout.pieces.flatMap { layout.bytes(of: $0, plan: plan) }
        let capacity = end - moov.offset
        guard UInt64(bytes.count) <= capacity else { return nil }
        let rest = capacity - UInt64(bytes.count)
        var w = ByteWriter(capacity: 16)
        if rest >= 8 {
            BoxHeader.write(type: "free", size: rest, into: &w)
        } else if rest > 0 {
            return nil   // no box is smaller than 8 bytes
        }
        // Only the header of the remaining `free`: its old contents are padding either way.
        bytes.append(contentsOf: w.bytes)
        return InPlaceMoovGrowth(path: path ?? file.source.path, originalSize: file.topLevel.fileSize, offset: moov.offset, newBytes: bytes)
    }

    init(path: String, originalSize: UInt64, offset: UInt64, newBytes: [UInt8]) {
        self.path = path
        self.originalSize = originalSize
        self.offset = offset
        self.newBytes = newBytes
    }

    /// Bytes written into the movie.
    public var bytesWritten: Int { newBytes.count }

    /// Saves the old bytes of the region in the journal; the movie itself is not touched.
    public func prepare() throws {
        precondition(state == .planned)
        do {
            let file = try InPlaceFileEdit(path: path, originalSize: originalSize)
            guard let old = file.read(count: newBytes.count, at: offset) else { throw ParseError.system(Errno.current, "cannot read the movie back") }
            oldBytes = old
            journal = try OverwriteJournal(target: path, offset: offset, oldBytes: oldBytes, fileSize: originalSize)
            self.file = file
        } catch {
            state = .finished
            throw error
        }
        FaultInjection.reach(.movieJournaled)
        state = .prepared
    }

    /// Writes the new region (in two halves, so fault injection can stop a torn overwrite),
    /// fsyncs, and removes the journal: from then on the new `moov` is the movie's. On failure
    /// the old bytes are put back when possible (`restoredAfterFailure`); otherwise the
    /// journal stays for the next run.
    public func commit() throws {
        precondition(state == .prepared)
        guard let file else { preconditionFailure("prepared without a file") }
        defer { file.close(); self.file = nil; state = .finished }
        do {
            let half = newBytes.count / 2
            try file.write(Array(newBytes[..<half]), at: offset)
            try FaultInjection.reachOrFail(.movieOverwriting)
            try file.write(Array(newBytes[half...]), at: offset + UInt64(half))
            try file.sync()
        } catch {
            if (try? file.write(oldBytes, at: offset)) != nil, (try? file.sync()) != nil {
                journal?.remove()
                restoredAfterFailure = true
            }
            throw error
        }
        FaultInjection.reach(.movieOverwritten)
        journal?.remove()
    }

    /// Before commit: the journal goes; the movie was never touched.
    public func abort() {
        guard state == .prepared else { return }
        journal?.remove()
        file = nil
        state = .finished
    }
}
