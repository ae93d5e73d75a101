import BinaryIO
import ISOBMFF
import StillImage

/// What `scan` reports about a Motion Photo: its layout, the embedded video's length and the
/// presentation time, read from headers (the XMP, the trailer, the MP4's `moov`).
public struct MotionPhotoSummary: Codable, Equatable, Sendable {
    public var variant: MotionPhoto.Variant
    public var maker: MotionPhotoMaker
    public var videoBytes: UInt64
    public var videoSeconds: Double?
    /// Seconds; nil when the file gives none (-1 or absent).
    public var presentationTime: Double?
    /// vivo: the video beside the still (`VivoLivePhoto`); nil when the video is inside.
    public var sidecarVideo: String? = nil
    /// Not reported: what `convert` carries from the scan into the conversion.
    public var scannedImageEnd: ScannedImageEnd? = nil

    enum CodingKeys: String, CodingKey { case variant, maker, videoBytes, videoSeconds, presentationTime, sidecarVideo }

    /// Equal when what is reported is equal (the carried image end is a cache, not a fact).
    public static func == (a: MotionPhotoSummary, b: MotionPhotoSummary) -> Bool {
        a.variant == b.variant && a.maker == b.maker && a.videoBytes == b.videoBytes && a.videoSeconds == b.videoSeconds && a.presentationTime == b.presentationTime
            && a.sidecarVideo == b.sidecarVideo
    }

    /// The summary of `source`, nil when it is not a Motion Photo; a Motion Photo whose video
    /// cannot be located or read throws (`MotionPhotoVideoMissing` when the XMP promises a
    /// video that is not there).
    /// - Parameter structure: the JPEG's segment list when the caller already read it.
    public static func read(_ source: FileSource, structure: JPEGStructure? = nil) throws -> MotionPhotoSummary? {
        let photo: MotionPhoto
        do { photo = try MotionPhotoReader.read(source: source, structure: structure) } catch let not as NotAMotionPhoto {
            return not.videoBeside ? try readVivo(source) : nil
        }
        let seconds = try videoSeconds(MovieFile(source: photo.videoSource()))
        return MotionPhotoSummary(variant: photo.variant, maker: photo.maker, videoBytes: photo.video.length, videoSeconds: seconds, presentationTime: photo.presentationTime,
                                  scannedImageEnd: ScannedImageEnd(imageEnd: photo.imageEnd, source: source))
    }

    /// A Samsung HEIC Motion Photo: the MP4 in its top-level `mpvd` box (its XMP lengths are
    /// not trusted), the presentation time from its XMP item; nil when there is no `mpvd`.
    public static func readHEIC(_ source: FileSource) throws -> MotionPhotoSummary? {
        // The box list first: an ordinary HEIC costs no more than that.
        guard try TopLevelBoxes.scan(source).first("mpvd") != nil else { return nil }
        let photo = try HEICMotionPhoto.read(source: source)
        let seconds = try videoSeconds(MovieFile(source: photo.videoSource()))
        return MotionPhotoSummary(variant: .samsungHEIC, maker: .samsung, videoBytes: photo.video.length, videoSeconds: seconds, presentationTime: photo.presentationTime)
    }

    /// A vivo still with its video beside it; nil for any other still (a trailer whose ids
    /// disagree too: it is read as a plain still).
    static func readVivo(_ source: FileSource) throws -> MotionPhotoSummary? {
        let vivo: VivoLivePhoto
        do { guard let found = try VivoLivePhoto.read(source) else { return nil }; vivo = found } catch is NotAMotionPhoto { return nil }
        let movie: MovieFile
        do { movie = try MovieFile(source: FileSource(path: vivo.movie)) } catch {
            throw MotionPhotoVideoMissing(reason: "a vivo Live Photo whose video \(PathComponents.lastComponent(vivo.movie)) cannot be read: \(LivePhotoError.wrap(error, path: vivo.movie).reason)")
        }
        return MotionPhotoSummary(variant: .sidecarVideo, maker: .vivo, videoBytes: movie.source.size, videoSeconds: videoSeconds(movie), presentationTime: nil,
                                  sidecarVideo: vivo.movie)
    }

    /// Where the motion track's presentation ends (the movie's duration without one).
    static func videoSeconds(_ movie: MovieFile) -> Double? {
        MotionPhotoVideoTracks(movie.movie).map { $0.motion.presentedSpan(movieTimescale: movie.movie.header.timescale).end } ?? movie.movie.durationSeconds
    }

    /// `google-motion-photo, video 2.000 s (20378 bytes), still at 1.000 s, maker google`
    public var detail: String {
        let length = videoSeconds.map { String(format: "%.3f s", $0) } ?? "?"
        let still = presentationTime.map { String(format: "still at %.3f s", $0) } ?? "no presentation time"
        let beside = sidecarVideo.map { ", video beside it: \(PathComponents.lastComponent($0))" } ?? ""
        return "\(variant.rawValue), video \(length) (\(videoBytes) bytes), \(still), maker \(maker.rawValue)\(beside)"
    }
}
