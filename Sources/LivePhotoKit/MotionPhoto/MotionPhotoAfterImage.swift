import BinaryIO
import ISOBMFF
import StillImage

/// A JPEG with no Motion Photo XMP and no Samsung trailer: LG's layout (and WeChat exports of
/// Xiaomi files), an MP4 starting with its `ftyp` box right at the image's EOI. Only that one
/// place is looked at, never the rest of the file. A vivo still (its video beside it) is told
/// from its trailer first.
enum MotionPhotoAfterImage {
    static let plain = "not a Motion Photo (no GCamera:MotionPhoto or MicroVideo XMP, no Samsung trailer, no MP4 after the image)"

    static func read(_ source: FileSource, structure: JPEGStructure, scanned: ScannedImageEnd?) throws -> MotionPhoto {
        // A JPEG whose last bytes are its EOI has nothing after the image: only a file with a
        // trailer pays for the vivo check and the walk to the EOI.
        let size = source.size
        guard size >= 2, try source.read(at: size - 2, count: 2, path: "JPEG/EOI") != [0xFF, 0xD9] else { throw NotAMotionPhoto(reason: plain) }
        if let vivo = try VivoLivePhotoTrailer.read(source), let id = vivo.jsonIdentifier {
            throw NotAMotionPhoto(reason: "a vivo Live Photo (id \(id)): its video is the same-name .mp4 beside it, not inside", videoBeside: true)
        }
        let imageEnd: UInt64
        // A still cut short (no EOI) is a plain still here: its damage is `verify`'s to report.
        do { imageEnd = try scanned?.imageEnd(for: source, structure: structure) ?? JPEGImageEnd.find(source, structure: structure) } catch let error as ParseError where error.kind != .io {
            throw NotAMotionPhoto(reason: plain)
        }
        guard imageEnd < size, try JPEGTrailerKind.atStart(of: source, offset: imageEnd, length: size - imageEnd) == .isoMedia else {
            throw NotAMotionPhoto(reason: plain)
        }
        let video = MotionPhoto.ByteRange(offset: imageEnd, length: size - imageEnd)
        // An `ftyp` box alone does not make a video: what follows must read as a movie with a
        // video track, or the file is a still with a trailer.
        do {
            let movie = try MovieFile(source: source.slice(offset: video.offset, length: video.length))
            guard MotionPhotoVideoTracks(movie.movie) != nil else { throw NotAMotionPhoto(reason: "an 'ftyp' box follows the image, but its movie has no video track") }
        } catch let error as NotAMotionPhoto { throw error } catch let error as ParseError where error.kind != .io {
            throw NotAMotionPhoto(reason: "an 'ftyp' box follows the image, but what follows is not a movie: \(error.message)")
        }
        return MotionPhoto(path: source.path, source: source, structure: structure, variant: .mp4AfterImage, maker: .lg, location: .afterImageEnd,
                           imageEnd: imageEnd, video: video, gainMap: nil, presentationTimestampUs: nil, xmp: nil, warnings: [])
    }
}
