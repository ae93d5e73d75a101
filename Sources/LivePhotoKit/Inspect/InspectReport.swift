import StillImage

/// What `inspect` reports about one file. Field names are stable: scripts read them via `--json`.
public struct InspectReport: Codable, Equatable, Sendable {
    public var path: String
    public var kind: ScannedFile.Role
    /// `jpeg`, `heic`, `quicktime` or `mp4`.
    public var format: FileKind
    public var still: StillReport?
    public var movie: MovieReport?
    /// HEIC stills: the primary image and the item list.
    public var heif: HEIFReport? = nil
    /// Stills that are Android Motion Photos: the layout and the embedded video (as `scan` reports it).
    public var motionPhoto: MotionPhotoSummary? = nil
    /// A JPEG whose XMP promises a Motion Photo video that is not in it (gone, or stale offsets): why.
    public var motionPhotoVideoMissing: String? = nil
    /// What the reader accepted leniently (`MovieFile.warnings`, `StillImageInfo.warnings`);
    /// absent when nothing was.
    public var warnings: [String]? = nil

    public struct StillReport: Codable, Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var subsampling: String
        public var colorSpace: String
        public var exif: Bool
        public var makerNote: MakerNote
        /// The maker of a foreign MakerNote.
        public var makerNoteMaker: String?
        public var contentIdentifier: String?
        public var make: String?
        public var model: String?
        public var orientation: Int?
    }

    /// Whose MakerNote the still carries (a foreign maker's name is in `makerNoteMaker`).
    public enum MakerNote: String, Codable, Sendable {
        case apple, none, foreign

        public init(_ kind: MakerNoteKind) {
            switch kind {
            case .none: self = .none
            case .apple: self = .apple
            case .foreign: self = .foreign
            }
        }
    }

    /// Where `moov` lies: before every `mdat` ("fast start") or after one.
    public enum MoovPosition: String, Codable, Sendable {
        case beforeMedia = "before-media"
        case afterMedia = "after-media"
    }

    public struct MovieReport: Codable, Equatable, Sendable {
        /// `ftyp` major brand, nil when the file has no `ftyp`.
        public var brand: String?
        public var durationSeconds: Double
        public var timescale: UInt32
        public var moovPosition: MoovPosition
        public var tracks: [TrackReport]
        public var contentIdentifier: String?
        /// Other `mdta` metadata keys with their values, in file order.
        public var metadata: [MetadataEntry]
        /// The still-image-time track, when there is exactly one or more (the first).
        public var stillImageTime: StillImageTimeReport?
        public var stillImageTimeTrackCount: Int
    }

    public struct TrackReport: Codable, Equatable, Sendable {
        public var id: UInt32
        public var handler: String
        public var codec: String?
        public var width: Int?
        public var height: Int?
        public var timescale: UInt32
        public var durationSeconds: Double
        public var sampleCount: UInt32
    }

    public struct MetadataEntry: Codable, Equatable, Sendable {
        public var key: String
        public var value: String
    }

    public struct StillImageTimeReport: Codable, Equatable, Sendable {
        public var trackId: UInt32
        /// Presentation time of its sample in seconds, edits applied.
        public var presentationTime: Double?
        public var value: Int64?
        /// Track ids its `tref`/`cdsc` points at.
        public var describes: [UInt32]
    }
}
