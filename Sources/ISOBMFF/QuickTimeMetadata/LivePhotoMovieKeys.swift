import BinaryIO

/// The top-level `moov/meta` keys a camera writes beside the content identifier in a Live
/// Photo movie, with the types it uses, and the values we write when one is missing.
public enum LivePhotoMovieKeys {
    public struct Key: Sendable, Equatable {
        public var name: String
        /// Well-known type of the value (22 = unsigned int, 21 = signed int, 23 = float32).
        public var typeIndicator: UInt32
        /// The value we write when the movie has none.
        public var ourValue: [UInt8]
        /// Written by every camera movie seen (iOS 17 and 18); else by some only.
        public var everyCamera: Bool
    }

    public static let auto = Key(name: "com.apple.quicktime.live-photo.auto", typeIndicator: 22, ourValue: [1], everyCamera: true)
    /// Written since iOS 18 (absent from the iOS 17 camera movie).
    public static let fullFrameRatePlaybackIntent = Key(name: "com.apple.quicktime.full-frame-rate-playback-intent", typeIndicator: 21,
                                                        ourValue: int64(1), everyCamera: false)
    /// The camera's motion score; ours is 1.0 (we do not measure motion).
    public static let vitalityScore = Key(name: "com.apple.quicktime.live-photo.vitality-score", typeIndicator: 23,
                                          ourValue: float32(1.0), everyCamera: true)
    public static let vitalityScoringVersion = Key(name: "com.apple.quicktime.live-photo.vitality-scoring-version", typeIndicator: 21,
                                                   ourValue: int64(4), everyCamera: true)

    /// In the iOS 18 camera's order.
    public static let all = [auto, fullFrameRatePlaybackIntent, vitalityScore, vitalityScoringVersion]

    /// Adds each key of `all` the `meta` atom lacks, with our value; present keys keep theirs.
    public static func addMissing(to meta: Atom, path: String) throws {
        for key in all {
            try MetadataStringEdit.addIfMissing(.init(typeField: key.typeIndicator, value: key.ourValue), forKey: key.name, in: meta, path: path)
        }
    }

    static func int64(_ v: Int64) -> [UInt8] { var w = ByteWriter(capacity: 8); w.u64(UInt64(bitPattern: v)); return w.bytes }
    static func float32(_ v: Float) -> [UInt8] { var w = ByteWriter(capacity: 4); w.u32(v.bitPattern); return w.bytes }
}
