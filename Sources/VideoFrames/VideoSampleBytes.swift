import BinaryIO
import ISOBMFF

/// Reads one video sample's bytes for a decoder, refusing what is damage rather than video:
/// an empty sample, one above `StillFrameExtractor.maximumSampleSize`, one past the file's end.
enum VideoSampleBytes {
    /// - Parameter purpose: what the sample is needed for, e.g. "the frame at 1.000 s (sample 31)".
    static func read(_ file: MovieFile, track: Track, ranges: [(offset: UInt64, size: UInt32)], index: Int, purpose: String) throws -> [UInt8] {
        let range = ranges[index]
        guard Int(range.size) <= StillFrameExtractor.maximumSampleSize, range.size > 0 else {
            throw ParseError(.invalidValue, "sample \(index + 1) of \(range.size) bytes, needed for \(purpose)", path: track.path, offset: range.offset)
        }
        guard range.offset + UInt64(range.size) <= file.source.size else {
            throw ParseError(.truncated, "sample \(index + 1), needed for \(purpose), lies past the end of the file", path: track.path, offset: range.offset)
        }
        return try file.source.read(at: range.offset, count: Int(range.size), path: track.path + " sample \(index + 1)")
    }
}
