import BinaryIO

/// Huawei/Honor's moving-photo trailer (EMUI, HarmonyOS, MagicOS; OpenHarmony's
/// `moving_photo_file_utils` writes and reads it): `[image][video][cinemagraph?]` then three
/// 20-byte ASCII fields padded with spaces:
/// - VERSION `v<version>_f<cover frame index>`, `_c` appended when a cinemagraph block precedes
///   the fields (its last 4 bytes are its own length, big-endian, counting those 4 bytes);
/// - PLAY `<start ms>:<cover ms>` (start = cover - 600 ms, at least 0; cover = the still's time);
/// - LIVE `LIVE_<N>`, N = video + VERSION (+ cinemagraph): the video starts N + 40 bytes
///   before the end.
/// Older files have no VERSION field (N counts the video alone): told by a first field that is
/// not `v<digits>_f<digits>`. One definition reads and writes it.
public struct HuaweiLiveTrailer: Equatable, Sendable {
    public static let fieldLength = 20
    public static let liveTag = "LIVE_"
    /// The version OpenHarmony's gallery writes for a moving photo it assembles (camera shots: 6).
    public static let galleryVersion: UInt32 = 3
    /// How long before the cover the gallery starts playing (PLAY's start).
    public static let autoPlayLeadMs: Int64 = 600

    public struct Version: Equatable, Sendable {
        public var version: UInt32
        public var coverFrame: UInt32
        public var hasCinemagraph: Bool
        public init(version: UInt32, coverFrame: UInt32, hasCinemagraph: Bool = false) {
            self.version = version; self.coverFrame = coverFrame; self.hasCinemagraph = hasCinemagraph
        }
    }

    /// The VERSION field; nil in the older two-field layout.
    public var version: Version?
    /// PLAY's `<start ms>:<cover ms>`; nil when the field is not two numbers.
    public var startMs: Int64?
    public var coverMs: Int64?
    /// LIVE's N.
    public var liveLength: UInt64
    /// Where the video lies, and the cinemagraph block (its size field included) when `_c`.
    public var videoOffset: UInt64
    public var videoLength: UInt64
    public var cinemagraphLength: UInt64

    /// The trailer at the end of `source`; nil when its last 20 bytes do not begin `LIVE_`.
    /// Throws when they do but N, or the cinemagraph size, does not fit the file.
    public static func read(_ source: FileSource) throws -> HuaweiLiveTrailer? {
        let size = source.size
        let field = UInt64(fieldLength)
        guard size >= field else { return nil }
        let liveField = try source.read(at: size - field, count: fieldLength, path: "LIVE_")
        guard JPEGTrailerKind.huaweiLive.ends(liveField) else { return nil }
        let live = text(liveField)
        guard let n = UInt64(live.dropFirst(liveTag.count)), n > 0 else {
            throw ParseError(.invalidValue, "the Huawei LIVE_ field's length \"\(live.dropFirst(liveTag.count))\" is not a number", path: "LIVE_", offset: size - field)
        }
        // A file too short for the PLAY field holds no video either (and `size - 2 * field` would wrap).
        guard size >= 2 * field, n <= size - 2 * field else {
            throw ParseError(.invalidValue, "the Huawei LIVE_ length \(n) points before the start of the file (\(size) bytes)", path: "LIVE_", offset: size - field)
        }
        let videoOffset = size - 2 * field - n
        let play = try text(source.read(at: size - 2 * field, count: fieldLength, path: "LIVE_/play"))
        let times = play.split(separator: ":", omittingEmptySubsequences: false).map { Int64($0) }
        var trailer = HuaweiLiveTrailer(version: nil, startMs: times.count == 2 ? times[0] : nil, coverMs: times.count == 2 ? times[1] : nil,
                                        liveLength: n, videoOffset: videoOffset, videoLength: n, cinemagraphLength: 0)
        if n >= field, let version = parseVersion(try text(source.read(at: size - 3 * field, count: fieldLength, path: "LIVE_/version"))) {
            trailer.version = version
            trailer.videoLength = n - field
            if version.hasCinemagraph {
                trailer.cinemagraphLength = try cinemagraphLength(source, videoOffset: videoOffset, before: size - 3 * field)
                trailer.videoLength -= trailer.cinemagraphLength
            }
        }
        return trailer
    }

    /// The cinemagraph block's length, from its last 4 bytes (big-endian), checked to lie
    /// between the video's start and the fields.
    private static func cinemagraphLength(_ source: FileSource, videoOffset: UInt64, before fields: UInt64) throws -> UInt64 {
        guard fields - videoOffset >= 4 else {
            throw ParseError(.invalidValue, "the Huawei trailer says cinemagraph (_c) but has no room for its size", path: "LIVE_/cinemagraph", offset: fields)
        }
        var r = try source.reader(at: fields - 4, count: 4, path: "LIVE_/cinemagraph")
        let length = UInt64(try r.readUInt32())
        guard length >= 4, length <= fields - videoOffset else {
            throw ParseError(.invalidValue, "the Huawei cinemagraph block size \(length) does not fit between the video's start and the fields (\(fields - videoOffset) bytes)",
                             path: "LIVE_/cinemagraph", offset: fields - 4)
        }
        return length
    }

    /// `v<digits>_f<digits>` (either case), then anything; `_c` ends the field's first word
    /// when a cinemagraph block is there. nil when the field is not a VERSION field.
    static func parseVersion(_ field: String) -> Version? {
        let word = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let parts = word.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 2, let v = parts[0].first, v == "v" || v == "V", let f = parts[1].first, f == "f" || f == "F",
              let version = UInt32(parts[0].dropFirst()), let frame = UInt32(parts[1].dropFirst()) else { return nil }
        let last = parts.count > 2 ? parts[parts.count - 1] : ""
        return Version(version: version, coverFrame: frame, hasCinemagraph: last == "c" || last == "C")
    }

    /// A field's text without its padding (spaces, and NULs some writers leave).
    private static func text(_ bytes: [UInt8]) -> String {
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0 { end -= 1 }
        return String(decoding: bytes[0..<end], as: UTF8.self)
    }

    // MARK: writing

    /// What follows a video of `videoLength` bytes: the cinemagraph block (when given: its
    /// bytes and its 4-byte length after them) and the three fields. Throws when a value does
    /// not fit its 20 bytes.
    public static func bytes(version: Version, startMs: Int64, coverMs: Int64, videoLength: UInt64, cinemagraph: [UInt8]? = nil) throws -> [UInt8] {
        var block: [UInt8] = []
        if let cinemagraph {
            var w = ByteWriter(capacity: 4)
            w.u32(UInt32(clamping: cinemagraph.count + 4))
            block = cinemagraph + w.bytes
        }
        let tag = "v\(version.version)_f\(version.coverFrame)" + (cinemagraph != nil ? "_c" : "")
        let n = videoLength + UInt64(fieldLength) + UInt64(block.count)
        return try block + field(tag) + field("\(startMs):\(coverMs)") + field(liveTag + String(n))
    }

    /// PLAY's start for a cover time, as the gallery computes it.
    public static func playStart(coverMs: Int64) -> Int64 { max(0, coverMs - autoPlayLeadMs) }

    private static func field(_ text: String) throws -> [UInt8] {
        let bytes = Array(text.utf8)
        guard bytes.count <= fieldLength else {
            throw ParseError(.tooLarge, "the Huawei trailer field \"\(text)\" does not fit in \(fieldLength) bytes", path: "LIVE_")
        }
        return bytes + [UInt8](repeating: 0x20, count: fieldLength - bytes.count)
    }
}
