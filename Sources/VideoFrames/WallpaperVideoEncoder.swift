import BinaryIO
import ISOBMFF

/// `make --wallpaper`'s re-encode: the frames a source video track presents over a span of the
/// movie timeline, decoded with libavcodec, resampled to a constant frame rate, and encoded as
/// HEVC with libx265 (closed GOP, no B-frames). libavcodec is dlopen'ed on first use.
public enum WallpaperVideoEncoder {
    /// A span of the source movie's timeline, [start, end) in movie-timescale ticks (edit list applied).
    public struct Span: Sendable, Equatable {
        public var start: Int64
        public var end: Int64
        public init(start: Int64, end: Int64) { self.start = start; self.end = end }
    }

    /// The output's bit depth.
    public enum BitDepth: Sendable, Equatable {
        /// 8-bit (yuv420p) whatever the source is; what a wallpaper takes (HEVC 8-bit SDR).
        case eight
        /// 10-bit (yuv420p10le) for a source above 8 bits, else 8-bit.
        case source
    }

    public struct Options: Sendable, Equatable {
        /// Frames a second, constant (30 as the camera writes).
        public var frameRate: Int = 30
        /// Media timescale of the samples (600 as the camera writes; a multiple of `frameRate`).
        public var timescale: UInt32 = 600
        /// nil keeps the source's size; else the long side is scaled down to this (even sizes kept even).
        public var maximumLongSide: Int? = nil
        public var bitDepth: BitDepth = .source
        /// libx265 constant rate factor (lower is better and larger).
        public var quality: Int = 22
        /// A sync sample at least every this many frames (0 = one, at the start).
        public var keyframeInterval: Int = 30
        /// Encoder and decoder threads (0 = libavcodec's choice; batch workers use 1).
        public var threads: Int = 0

        public init() {}
    }

    /// Encodes the frames `track` presents over `span` (frame k of the output is the source
    /// frame shown at `span.start + k / frameRate` s; ceil(duration × rate) frames).
    public static func encode(file: MovieFile, track: Track, span: Span, options: Options = Options()) throws -> EncodedVideoTrack {
        throw ParseError(.unsupported, "video encoding is not implemented yet")
    }
}
