/// An HEVC video track made by `WallpaperVideoEncoder`, ready for a movie writer: the `hvcC`
/// configuration record for an `hvc1` sample entry and the samples in decode order, each a
/// length-prefixed (4-byte) access unit as an MP4/QuickTime sample holds it. Parameter sets
/// are in `configuration` only (hvc1: never in the samples).
public struct EncodedVideoTrack: Sendable, Equatable {
    /// One access unit in decode order.
    public struct Sample: Sendable, Equatable {
        public var bytes: [UInt8]
        /// In `timescale` ticks (every sample lasts one frame: constant frame rate).
        public var duration: UInt32
        /// An IRAP picture (IDR/CRA/BLA): an `stss` entry.
        public var isSync: Bool
        /// Composition time minus decode time, in `timescale` ticks (0 without B-frames: no `ctts`).
        public var compositionOffset: Int32

        public init(bytes: [UInt8], duration: UInt32, isSync: Bool, compositionOffset: Int32) {
            self.bytes = bytes; self.duration = duration; self.isSync = isSync; self.compositionOffset = compositionOffset
        }
    }

    /// The `hvcC` box payload (HEVCDecoderConfigurationRecord, ISO/IEC 14496-15 8.3.3), NAL
    /// lengths 4 bytes, parameter set arrays complete.
    public var configuration: [UInt8]
    /// Coded size: the source's, or scaled down to `maximumLongSide`. Pixels are never rotated:
    /// orientation stays the source track's `tkhd` matrix, which the movie writer copies.
    public var width: Int
    public var height: Int
    /// 8 or 10.
    public var bitDepth: Int
    /// What the encoder was told and wrote into the VUI (the `colr nclx` box to write).
    public var colour: FrameColour
    /// Media timescale of `samples` (600, as the camera writes).
    public var timescale: UInt32
    public var frameRate: Int
    public var samples: [Sample]
    /// One-line notes for the user (10-bit or HDR written as 8-bit without tone mapping).
    public var warnings: [String]

    public init(configuration: [UInt8], width: Int, height: Int, bitDepth: Int, colour: FrameColour, timescale: UInt32,
                frameRate: Int, samples: [Sample], warnings: [String]) {
        self.configuration = configuration; self.width = width; self.height = height; self.bitDepth = bitDepth
        self.colour = colour; self.timescale = timescale; self.frameRate = frameRate; self.samples = samples; self.warnings = warnings
    }

    /// Sum of sample durations, in `timescale` ticks.
    public var duration: Int64 { samples.reduce(0) { $0 + Int64($1.duration) } }
}
