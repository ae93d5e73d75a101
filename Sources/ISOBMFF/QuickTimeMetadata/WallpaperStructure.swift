import BinaryIO

/// The facts of a movie that decide whether it has the camera's wallpaper structure (see
/// `../shared/docs/format-notes.md`, "Wallpaper-grade movies"): its video, its live-photo-info,
/// video-orientation and still-image-time tracks, its top-level keys. Facts only: the rules
/// are the caller's (`verify --wallpaper`, `pair --wallpaper`).
public struct WallpaperStructure {
    /// A part that may be absent or damaged: damage is a reason, never a throw.
    public enum Part<Value> {
        case missing
        case unreadable(String)
        case found(Value)

        public var value: Value? { if case .found(let v) = self { v } else { nil } }
        /// Why the part could not be read; nil when found or missing.
        public var damage: String? { if case .unreadable(let why) = self { why } else { nil } }
    }

    public struct Video: Sendable, Equatable {
        public var trackID: UInt32
        public var codec: VideoCodecConfiguration.Codec?
        public var format: FourCC?
        /// Luma bit depth from `hvcC`; nil for another codec or an unreadable record.
        public var bitDepth: Int?
        /// `colr` transfer characteristics when the entry has one (16 = PQ, 18 = HLG).
        public var transfer: UInt16?
        /// Displayed size (rotation applied).
        public var width: Int
        public var height: Int
        /// Size before the track's rotation: what the camera writes as live-photo-info `dims`
        /// and the still transform's reference dimensions, portrait movies included.
        public var storedWidth: Int
        public var storedHeight: Int
        public var frameCount: Int
        /// First frame start to last frame end, movie ticks.
        public var spanTicks: Int64

        public var isSDR: Bool { format != "dvh1" && format != "dvhe" && transfer != 16 && transfer != 18 }
        public var longSide: Int { max(width, height) }
    }

    public struct StillTrack: Sendable, Equatable {
        public var trackID: UInt32
        /// Declared keys in order.
        public var keys: [String]
        /// The tick (movie timescale) at which its sample is first shown; nil when no edit shows it.
        public var sampleTick: Int64?
    }

    public let movieTimescale: UInt32
    public let video: Video?
    public let livePhotoInfo: Part<LivePhotoInfoTrack.Reading>
    public let videoOrientation: Part<Int16?>
    /// The first still-image-time track.
    public let stillTrack: StillTrack?
    /// Which of `LivePhotoMovieKeys.all` `moov/meta` holds.
    public let topLevelKeys: Set<String>

    /// The facts as given (a structure with one fact changed, for the rules' tests).
    init(movieTimescale: UInt32, video: Video?, livePhotoInfo: Part<LivePhotoInfoTrack.Reading>, videoOrientation: Part<Int16?>,
         stillTrack: StillTrack?, topLevelKeys: Set<String>) {
        (self.movieTimescale, self.video, self.livePhotoInfo) = (movieTimescale, video, livePhotoInfo)
        (self.videoOrientation, self.stillTrack, self.topLevelKeys) = (videoOrientation, stillTrack, topLevelKeys)
    }

    public init(_ file: MovieFile) {
        let movie = file.movie
        movieTimescale = movie.header.timescale
        let videoTrack = movie.mainVideoTrack
        video = videoTrack.map { Self.videoFacts($0, movieTimescale: movie.header.timescale) }
        livePhotoInfo = Self.part(movie.metadataTracks(declaring: LivePhotoInfoTrack.key).first) { track in
            guard let videoTrack else { throw ParseError(.invalidValue, "no video track to time it against", path: track.path, offset: track.offset) }
            return try LivePhotoInfoTrack.read(track, video: videoTrack, in: file)
        }
        videoOrientation = Self.part(movie.metadataTracks(declaring: VideoOrientationTrack.key).first) { try VideoOrientationTrack.read($0, in: file) }
        stillTrack = movie.stillImageTimeTracks.first.map { track in
            let timing = FrameTiming(track: track, movieTimescale: movie.header.timescale)
            return StillTrack(trackID: track.trackID, keys: track.sampleEntries.flatMap { $0.metadataKeys.map(\.key) },
                              sampleTick: timing.frameCount > 0 ? timing.startTick(ofFrame: 0) : nil)
        }
        let present = Set(movie.metadata?.items.map(\.key) ?? [])
        topLevelKeys = Set(LivePhotoMovieKeys.all.map(\.name).filter(present.contains))
    }

    private static func part<Value>(_ track: Track?, _ read: (Track) throws -> Value) -> Part<Value> {
        guard let track else { return .missing }
        do { return .found(try read(track)) } catch {
            return .unreadable((error as? ParseError).map { "\($0.message) at \($0.path)" } ?? "\(error)")
        }
    }

    static func videoFacts(_ track: Track, movieTimescale: UInt32) -> Video {
        let configuration = try? track.videoCodecConfiguration()
        var depth: Int? = nil
        if configuration?.codec == .hevc, let record = configuration?.decoderConfiguration, record.count > 17 { depth = Int(record[17] & 0x07) + 8 }
        let entry = track.sampleEntries.first
        let storedWidth = track.header.width > 0 ? Int(track.header.width) : entry?.width ?? 0
        let storedHeight = track.header.height > 0 ? Int(track.header.height) : entry?.height ?? 0
        let quarterTurn = track.header.rotationDegrees % 180 == 90
        let timing = FrameTiming(track: track, movieTimescale: movieTimescale)
        let span = timing.frameCount > 0 ? timing.endTick - timing.startTick(ofFrame: 0) : 0
        return Video(trackID: track.trackID, codec: configuration?.codec, format: entry?.format, bitDepth: depth, transfer: configuration?.colour?.transfer,
                     width: quarterTurn ? storedHeight : storedWidth, height: quarterTurn ? storedWidth : storedHeight,
                     storedWidth: storedWidth, storedHeight: storedHeight, frameCount: timing.frameCount, spanTicks: span)
    }
}
