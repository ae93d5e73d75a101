import BinaryIO
import ISOBMFF

/// Where the still sits in the movie made from a Motion Photo: the video frame shown at the
/// presentation timestamp (the last frame that starts at or before it), or, when the file
/// gives none (-1 or absent), the frame nearest the middle, with a warning.
enum MotionPhotoStillTime {
    static func resolve(presentationTime: Double?, movie: Movie, video: Track, warnings: inout [String]) throws -> Double {
        let frames = video.framePresentationTimes(movieTimescale: movie.header.timescale)
        guard let first = frames.first else { throw ParseError(.invalidValue, "the embedded video has no frames", path: video.path, offset: 0) }
        guard let t = presentationTime else {
            let span = video.presentedSpan(movieTimescale: movie.header.timescale)
            let middle = (span.start + span.end) / 2
            let nearest = frames.min { abs($0 - middle) < abs($1 - middle) } ?? first
            warnings.append("no presentation timestamp: the still is put at the frame nearest the middle (\(StillTimeResolver.format(nearest)) s)")
            return nearest
        }
        // A microsecond of slack: the timestamp was itself rounded from the frame's time.
        guard let shown = frames.last(where: { $0 <= t + 0.000_001 }) else { return first }
        if let last = frames.last, t > last + 1 {
            warnings.append("the presentation timestamp \(StillTimeResolver.format(t)) s lies past the video; the still is put at its last frame")
        }
        return shown
    }
}
