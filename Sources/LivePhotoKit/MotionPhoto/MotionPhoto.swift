import BinaryIO
import StillImage

/// An Android Motion Photo as read from its file: where the primary image ends, where the
/// embedded MP4 (and a gain map) lie, and when the still is shown in the video.
public struct MotionPhoto {
    /// Which writer's layout the file follows.
    public enum Variant: String, Codable, Sendable {
        /// Google Motion Photo v1: `GCamera:MotionPhoto` and a `Container:Directory`.
        case google = "google-motion-photo"
        /// Older Pixels: `GCamera:MicroVideo` and `MicroVideoOffset`.
        case microVideo = "microvideo"
        /// Samsung JPEG: the MP4 in the SEF trailer's `MotionPhoto_Data` record.
        case samsung = "samsung"
        /// Samsung HEIC/HEIF: the MP4 in a top-level `mpvd` box (`HEICMotionPhoto`).
        case samsungHEIC = "samsung-heic"
        /// Huawei/Honor: the MP4 before the `LIVE_` fields at the end (`HuaweiLiveTrailer`).
        case huawei = "huawei"
        /// LG (and WeChat exports): an MP4 straight after the JPEG's EOI, no XMP.
        case mp4AfterImage = "mp4-after-image"
        /// vivo: the video is a same-name `.mp4` beside the still (`VivoLivePhoto`).
        case sidecarVideo = "sidecar-video"
    }

    /// How the video was found.
    public enum Location: String, Codable, Sendable {
        case containerDirectory = "container-directory"
        case microVideoOffset = "microvideo-offset"
        case samsungTrailer = "samsung-trailer"
        case huaweiTrailer = "huawei-trailer"
        /// No XMP: an `ftyp` box starts right at the image's end.
        case afterImageEnd = "after-image-end"
        /// XMP said Motion Photo but nothing located the video: the embedded `ftyp` was searched for.
        case ftypSearch = "ftyp-search"
    }

    public struct ByteRange: Equatable, Sendable {
        public var offset: UInt64
        public var length: UInt64
        public var end: UInt64 { offset + length }
    }

    public let path: String
    public let source: FileSource
    public let structure: JPEGStructure
    public let variant: Variant
    /// Whose convention the file follows (reported by `scan` and `inspect`).
    public var maker: MotionPhotoMaker = .google
    public let location: Location
    /// Just past the primary image's EOI.
    public let imageEnd: UInt64
    public let video: ByteRange
    public let gainMap: ByteRange?
    /// `MotionPhotoPresentationTimestampUs` (or `MicroVideoPresentationTimestampUs`); nil when absent.
    public let presentationTimestampUs: Int64?
    /// The primary's standard XMP, parsed; nil when it has none.
    public let xmp: XMPPacket?
    /// The APP1 segment `xmp` came from (a file may hold a second packet, which is kept).
    public var xmpSegmentOffset: UInt64? = nil
    /// What the reader had to guess or work around.
    public var warnings: [String]

    /// The embedded MP4 as a byte source of its own (offsets count from its first byte).
    public func videoSource() throws -> FileSource { try source.slice(offset: video.offset, length: video.length) }

    /// The presentation time in seconds, when the file gives a usable one.
    public var presentationTime: Double? {
        guard let us = presentationTimestampUs, us >= 0 else { return nil }
        return Double(us) / 1_000_000
    }
}

/// The XMP properties of Motion Photos (namespace `http://ns.google.com/photos/1.0/camera/`).
public enum MotionPhotoXMP {
    static func camera(_ name: String) -> XMPProperty { XMPProperty(namespace: XMPNamespace.googleCamera, preferredPrefix: "GCamera", name: name) }
    public static let motionPhoto = camera("MotionPhoto")
    public static let version = camera("MotionPhotoVersion")
    public static let presentationTimestamp = camera("MotionPhotoPresentationTimestampUs")
    public static let microVideo = camera("MicroVideo")
    public static let microVideoVersion = camera("MicroVideoVersion")
    public static let microVideoOffset = camera("MicroVideoOffset")
    public static let microVideoPresentationTimestamp = camera("MicroVideoPresentationTimestampUs")
    /// OPPO's `OpCamera:VideoLength`: the MP4's own length (the directory item also counts a
    /// maker trailer after it).
    public static let oplusVideoLength = XMPProperty(namespace: XMPNamespace.oplusCamera, preferredPrefix: "OpCamera", name: "VideoLength")
    static func oplus(_ name: String) -> XMPProperty { XMPProperty(namespace: XMPNamespace.oplusCamera, preferredPrefix: "OpCamera", name: name) }
    public static let oplusOwner = oplus("MotionPhotoOwner")
    public static let oplusLivePhotoVersion = oplus("OLivePhotoVersion")
    public static let oplusPrimaryPresentationTimestamp = oplus("MotionPhotoPrimaryPresentationTimestampUs")

    /// What ColorOS Gallery looks for beside Google's properties (as OPPO's camera writes them):
    /// the owner `oplus`, version 2, the still's time and the MP4's own length.
    static func writeOplus(into xmp: XMPPacket, timestampUs: Int64, videoLength: UInt64) {
        xmp.set(oplusPrimaryPresentationTimestamp, String(timestampUs))
        xmp.set(oplusOwner, "oplus")
        xmp.set(oplusLivePhotoVersion, "2")
        xmp.set(oplusVideoLength, String(videoLength))
    }

    /// Every property that says "this file holds a video": removed from a still that no longer does.
    public static let all = [motionPhoto, version, presentationTimestamp, microVideo, microVideoVersion, microVideoOffset, microVideoPresentationTimestamp]

    /// The directory as Samsung writes it: `Item:Padding` on every item (0 where nothing
    /// follows). exiftool (13.58) reads the items' fields as parallel lists and gives up on the
    /// whole file when one item alone has a padding.
    static func paddingOnEveryItem(_ items: [XMPContainerItem]) -> [XMPContainerItem] {
        items.map { var item = $0; item.padding = item.padding ?? 0; return item }
    }

    /// The one writer of a Motion Photo's properties (JPEG and HEIC): every old Motion Photo
    /// and Micro Video property removed, then `MotionPhoto` 1, version 1, the still's
    /// presentation time and `directory` (with a padding on every item).
    static func write(into xmp: XMPPacket, timestampUs: Int64, directory: [XMPContainerItem]) {
        for p in all { xmp.remove(p) }
        xmp.set(motionPhoto, "1")
        xmp.set(version, "1")
        xmp.set(presentationTimestamp, String(timestampUs))
        xmp.setContainerDirectory(paddingOnEveryItem(directory))
    }

    public enum Semantic {
        public static let primary = "Primary"
        public static let motionPhoto = "MotionPhoto"
        public static let gainMap = "GainMap"
    }
}
