import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// An append of ours (`TailAppendMovieWrite`, `HEIFTailAppendWrite`) that a run began and never
/// committed: the file is its original up to `start`, plus a marker-led tail, and at most one
/// size field changed from 0 (`sizeZeroBoxOffset`).
public struct InterruptedAppend: Equatable, Sendable {
    /// Where the appended bytes start: the original file's length.
    public let start: UInt64
    /// The header of a last box whose size field 0 the append made explicit; undoing the append
    /// writes the 0 back. Nil when the size field is still 0 (or none was 0).
    public let sizeZeroBoxOffset: UInt64?
}

/// Finds and removes what an interrupted tail append of ours leaves, and only that: bytes led
/// by our `TailAppendMarker` (or a cut-off start of one) that no commit has made part of the
/// file. Bytes after the last box without our marker are someone's trailer, never cut.
public enum InterruptedAppendRecovery {
    /// The uncommitted append in `topLevel`, or nil. `committed(start)` says whether the
    /// append that starts at `start` rules the file (a movie's first `moov` lies in it; a HEIF
    /// item points into it). `appendedTypes` are the box types an append writes after its
    /// marker: anything else behind the marker was added by someone else, so nothing is cut.
    public static func find(in topLevel: TopLevelBoxes, source: FileSource, appendedTypes: Set<FourCC>,
                            committed: (UInt64) -> Bool) -> InterruptedAppend? {
        if let torn = topLevel.incompleteTailOffset, let tail = try? source.readUpTo(at: torn, count: TailAppendMarker.size),
           TailAppendMarker.isTornStart(tail, at: torn) {
            // Cut inside the marker itself (nothing of the append can rule yet).
            return InterruptedAppend(start: torn, sizeZeroBoxOffset: nil)
        }
        if let index = topLevel.boxes.lastIndex(where: TailAppendMarker.isHeader),
           let marker = try? TailAppendMarker.parse(source.read(at: topLevel.boxes[index].offset, count: TailAppendMarker.size),
                                                   at: topLevel.boxes[index].offset) {
            let after = topLevel.boxes[(index + 1)...]
            guard !committed(marker.originalLength), after.count <= appendedTypes.count,
                  after.allSatisfy({ appendedTypes.contains($0.type) }) else { return nil }
            return InterruptedAppend(start: marker.originalLength, sizeZeroBoxOffset: marker.sizeZeroBoxOffset)
        }
        return swallowedMarker(in: topLevel, source: source)
    }

    /// A last box of size 0 takes in whatever follows it: a marker appended before its size was
    /// made explicit (the first step of such an append) lies at the very end of the file, whole
    /// or cut short.
    static func swallowedMarker(in topLevel: TopLevelBoxes, source: FileSource) -> InterruptedAppend? {
        guard topLevel.incompleteTailOffset == nil, let last = topLevel.boxes.last, last.runsToEnd else { return nil }
        let available = min(UInt64(TailAppendMarker.size), last.payloadSize)
        guard let tail = try? source.read(at: topLevel.fileSize - available, count: Int(available)) else { return nil }
        for count in stride(from: tail.count, through: 4, by: -1) {
            let start = topLevel.fileSize - UInt64(count)
            let piece = Array(tail.suffix(count))
            if TailAppendMarker.isTornStart(piece, at: start, sizeZeroBoxOffset: last.offset)
                || TailAppendMarker.parse(piece, at: start)?.sizeZeroBoxOffset == last.offset {
                return InterruptedAppend(start: start, sizeZeroBoxOffset: nil)
            }
        }
        return nil
    }

    /// Where someone's trailer starts: bytes after the last complete box that are not part
    /// of `append` (ours); nil when there are none.
    public static func trailerOffset(in topLevel: TopLevelBoxes, besides append: InterruptedAppend?) -> UInt64? {
        guard let tail = topLevel.incompleteTailOffset, append.map({ $0.start > tail }) ?? true else { return nil }
        return tail
    }

    /// The reader's lenient notes on a file's tail (`inspect` prints them).
    public static func warnings(append: InterruptedAppend?, trailerOffset: UInt64?, fileSize: UInt64) -> [String] {
        var found: [String] = []
        if let append {
            found.append("bytes from offset \(append.start) on are an interrupted livephoto edit: ignored (the next pair cuts them)")
        }
        if let trailerOffset {
            found.append("\(fileSize - trailerOffset) bytes after the last box, from offset \(trailerOffset), are not a box (someone's trailer): kept as they are")
        }
        return found
    }

    /// The uncommitted append of a movie: committed once the first `moov` lies in it.
    public static func find(in topLevel: TopLevelBoxes, source: FileSource) -> InterruptedAppend? {
        let firstMoov = topLevel.first("moov")?.offset ?? 0
        return find(in: topLevel, source: source, appendedTypes: ["mdat", "moov"]) { firstMoov >= $0 }
    }

    /// The same, for an opened movie.
    public static func find(in file: MovieFile) -> InterruptedAppend? { file.interruptedAppend }

    /// Puts `path` back as it was before `append`, each step fsynced (see `undo(fd:_:)`).
    public static func undo(path: String, _ append: InterruptedAppend) throws {
        guard let file = InPlaceFileEdit(reopening: path, originalSize: append.start) else {
            throw ParseError.system(Errno.current, "cannot open for writing")
        }
        try undo(fd: file.descriptor, append)
    }

    /// Cuts the append and writes a size field of 0 back. With a size to put back, the cut
    /// goes in two steps (to just the marker, then the 0, then the marker), so that a kill at
    /// any point leaves a state `find` still recognises: never an explicit size without the
    /// marker that records it.
    static func undo(fd: Int32, _ append: InterruptedAppend) throws {
        func step(_ done: Bool) throws {
            guard done, fsync(fd) == 0 else { throw ParseError.system(Errno.current, "cannot clean up an interrupted edit") }
        }
        if let box = append.sizeZeroBoxOffset {
            try step(ftruncate(fd, off_t(append.start + UInt64(TailAppendMarker.size))) == 0)
            try step((try? PositionedWrite.writeAll([0, 0, 0, 0], to: fd, at: box)) != nil)
        }
        try step(ftruncate(fd, off_t(append.start)) == 0)
    }
}
