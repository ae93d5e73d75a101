import BinaryIO
import CAVCodec
import ISOBMFF

/// `make --wallpaper`'s re-encode: the frames a source video track presents over a span of the
/// movie timeline, decoded with libavcodec, resampled to a constant frame rate, and encoded as
/// HEVC with libx265 (closed GOP, no B-frames). Decoding (with conversion to the encoder's size
/// and format) runs on a thread of its own a few frames ahead of the encoder
/// (`TwoStagePipeline`). libavcodec is dlopen'ed on first use.
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

    /// libx265's speed/size trade-off (its own preset names).
    public enum Preset: String, Sendable, Equatable, CaseIterable {
        case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow
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
        public var preset: Preset = .medium
        /// A sync sample at least every this many frames (0 = one, at the start).
        public var keyframeInterval: Int = 30
        /// Encoder and decoder threads (0 = libavcodec's choice; batch workers use 1).
        public var threads: Int = 0

        public init() {}
    }

    /// Encodes the frames `track` presents over `span` (frame k of the output is the source
    /// frame shown at `span.start + k / frameRate` s; ceil(duration × rate) frames). The span
    /// must lie inside the frames the track presents.
    public static func encode(file: MovieFile, track: Track, span: Span, options: Options = Options()) throws -> EncodedVideoTrack {
        try encode(file: file, track: track, span: span, options: options, stillAt: nil).video
    }

    /// The same, and the still: the frame shown at `stillAt` (movie ticks), taken from the frames
    /// the encode decodes anyway, as RGB at the encoded video's size; nil when no run decoded it
    /// (the caller then decodes it alone).
    public static func encode(file: MovieFile, track: Track, span: Span, options: Options, stillAt: Int64?) throws -> (video: EncodedVideoTrack, still: RGBFrame?) {
        guard options.frameRate > 0, options.timescale > 0, options.timescale % UInt32(options.frameRate) == 0,
              (0...51).contains(options.quality), options.keyframeInterval >= 0 else {
            throw ParseError(.invalidValue, "encoder options: \(options.frameRate) fps in timescale \(options.timescale), quality \(options.quality)")
        }
        let configuration = try track.videoCodecConfiguration()
        guard FrameSizeLimit.allows(width: configuration.width, height: configuration.height) else {
            throw ParseError(.tooLarge, "video of \(configuration.width)x\(configuration.height) pixels exceeds the \(FrameSizeLimit.maximumPixels) pixels a frame may have",
                             path: track.path + "/mdia/minf/stbl/stsd", offset: 0)
        }
        let movieTimescale = file.movie.header.timescale
        let timing = FrameTiming(track: track, movieTimescale: movieTimescale)
        let source = try SourceFrames(file: file, track: track, configuration: configuration, threads: options.threads)
        let slots = try FrameSlots.plan(timing: timing, span: span, movieTimescale: movieTimescale, frameRate: options.frameRate)
        let target = stillAt.flatMap { timing.shownSample(atMovieTick: $0) }
        let conversion = EncoderInputConversion(options: options, entryColour: configuration.colour)
        let session = HEVCEncodeSession(options: options)
        // Decoding and conversion run on a thread of their own, a few frames ahead of libx265.
        let still = try TwoStagePipeline.run(depth: decodeAheadFrames, produce: { put -> RGBFrame? in
            var still: RGBFrame? = nil
            let observe = { (frame: UnsafeMutablePointer<AVFrame>, pts: Int64) throws in
                guard let target, still == nil, pts == target.compositionTime else { return }
                still = try Self.still(from: frame, target: target, configuration: configuration, options: options, trackPath: track.path)
            }
            try source.decode(slots: slots, observe: observe, deliver: { frame, repeats in
                try put(try conversion.input(from: frame, repeats: repeats))
            })
            return still
        }, consume: session.encode)
        return (try session.finish(), still)
    }

    /// How many converted frames the decoding thread may have ready ahead of the encoder: enough
    /// to keep libx265 fed while a frame decodes, few enough that memory stays bounded (each is
    /// one output-size frame; the decoder's own threads hold theirs).
    static let decodeAheadFrames = 3

    /// The still from one of the frames the encode decodes: RGB at the encoded video's size.
    private static func still(from frame: UnsafeMutablePointer<AVFrame>, target: FrameTiming.ShownSample, configuration: VideoCodecConfiguration,
                              options: Options, trackPath: String) throws -> RGBFrame {
        let size = EncoderFrameConverter.outputSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height),
                                                    maximumLongSide: options.maximumLongSide)
        return try StillFrameExtractor.still(from: frame, target: target, configuration: configuration, size: size,
                                             frameName: "the still's frame", trackPath: trackPath)
    }
}
