import BinaryIO
import StillImage

/// A vivo Live Photo: a JPEG whose `VivoLivePhotoTrailer` names a live-photo id, and its video,
/// the same-name `.mp4` beside it (the extension in any case). The two are one Live Photo the
/// way a Motion Photo's split-off video and its still are (`SplitVideoConversion`).
public struct VivoLivePhoto: Sendable {
    public let still: String
    public let movie: String
    public let identifier: String

    /// The one letter case can change; `4` has none.
    static let movieExtensions = ["mp4", "MP4", "Mp4", "mP4"]

    /// The vivo Live Photo `source` is the still of; nil when it has no vivo trailer naming a
    /// live photo. Throws `NotAMotionPhoto` when the trailer's two ids disagree (it is not
    /// trusted to say the still has a video) and `MotionPhotoVideoMissing` when no video is beside it.
    public static func read(_ source: FileSource) throws -> VivoLivePhoto? {
        guard let trailer = try VivoLivePhotoTrailer.read(source), let id = trailer.jsonIdentifier else { return nil }
        guard trailer.isConsistent else {
            throw NotAMotionPhoto(reason: "a vivo trailer whose ids disagree (com.android.camera.livephoto \(id), cameralbum \(trailer.albumIdentifier)): not read as a Live Photo")
        }
        guard let movie = movieBeside(source.path) else {
            throw MotionPhotoVideoMissing(reason: "a vivo Live Photo (id \(id)) whose video, \(PathComponents.lastComponent(PathComponents.deletingExtension(source.path))).mp4, is not beside it")
        }
        return VivoLivePhoto(still: source.path, movie: movie, identifier: id)
    }

    /// The same-name `.mp4` beside `still` that is a file, in the first letter case found.
    static func movieBeside(_ still: String) -> String? {
        let stem = PathComponents.deletingExtension(still)
        return movieExtensions.lazy.map { stem + "." + $0 }.first { FileSystemCalls.exists($0) && !FileSystemCalls.isDirectory($0) }
    }
}
