import BinaryIO
import ISOBMFF

/// Checks that the operations' inputs are what they must be (a still, a movie), told by
/// content, with errors that say which argument is wrong.
enum InputFiles {
    /// What an argument is for, which its error names.
    enum Role {
        /// The first of a pair's two files.
        case pairStill
        /// The second of a pair's two files.
        case pairMovie
        /// A movie to make a still from (`make`'s files).
        case sourceMovie
    }

    static func requireKind(_ path: String, as role: Role) throws {
        let kind: FileKind
        do { kind = try FileKind.detect(path: path) } catch { throw LivePhotoError.wrap(error, path: path) }
        if role == .pairStill {
            switch kind {
            case .jpeg, .heic: return
            case .quickTimeMovie, .mp4Movie: throw LivePhotoError(path: path, reason: "is a movie; the first argument must be the still (JPEG or HEIC)", category: .unreadable)
            case .unknown: throw LivePhotoError(path: path, reason: "not a JPEG or HEIC still", category: .unreadable)
            }
        } else {
            switch kind {
            case .quickTimeMovie, .mp4Movie: return
            case .jpeg, .heic:
                let wanted = role == .pairMovie ? "the second argument must be the movie" : "a still is made from a movie"
                throw LivePhotoError(path: path, reason: "is a still image; \(wanted) (QuickTime or MP4)", category: .unreadable)
            case .unknown: throw LivePhotoError(path: path, reason: "not a QuickTime or MP4 movie", category: .unreadable)
            }
        }
    }

    static func openMovie(_ path: String) throws -> MovieFile {
        do { return try MovieFile.open(path: path) } catch { throw LivePhotoError.wrap(error, path: path) }
    }
}
