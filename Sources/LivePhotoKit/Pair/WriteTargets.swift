import Foundation
import BinaryIO
#if canImport(Glibc)
import Glibc
#endif

/// The files `pair` really writes, once links are looked through. A symbolic link is followed:
/// its target is edited (through a temporary file beside the target), and the link stays a
/// link. A file edited in place that has other hard links is refused unless the caller asks to
/// split it: the still and a rewritten movie are replaced by a new file (other names keep the
/// old one), while a tail append would change the file under every name. Refusing keeps the
/// two files' behaviour the same (never one split and one shared) and never touches a name
/// the user did not give; `--split-hard-links` splits both, rewriting the movie instead of
/// appending to it.
struct WriteTargets {
    /// The path each output is written to: the link target for a file edited in place.
    let still: String
    let movie: String
    /// The movie is edited in place and may be appended to (false: rewritten whole or a new file).
    let movieTailAppendAllowed: Bool

    init(outputs: OutputPaths, still stillPath: String, movie moviePath: String, splitHardLinks: Bool) throws {
        let stillInPlace = outputs.still == stillPath
        let movieInPlace = outputs.movie == moviePath
        still = stillInPlace ? LinkTarget.resolved(stillPath) : outputs.still
        movie = movieInPlace ? LinkTarget.resolved(moviePath) : outputs.movie
        var split = false
        for (path, inPlace) in [(stillPath, stillInPlace), (moviePath, movieInPlace)] where inPlace {
            let links = WriteTargets.hardLinkCount(path)
            guard links > 1 else { continue }
            guard splitHardLinks else {
                throw LivePhotoError(path: path, reason: "has \(links) hard links: pairing it in place would leave the other names with the old file; pass --split-hard-links to write a new file under this name only", category: .refused)
            }
            if path == moviePath { split = true }
        }
        movieTailAppendAllowed = movieInPlace && !split
    }

    static func hardLinkCount(_ path: String) -> Int {
        var st = stat()
        guard FileSystemCalls.stat(path, &st) == 0 else { return 1 }
        return Int(st.st_nlink)
    }
}
