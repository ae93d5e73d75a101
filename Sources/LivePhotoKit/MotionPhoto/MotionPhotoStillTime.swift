import BinaryIO
import ISOBMFF

/// Where the still sits in the movie made from a Motion Photo: the video frame shown at the
/// presentation timestamp (the last frame that starts at or before it). When the file gives
/// none (-1 or absent) or 0 (Pixel 3a writes 0 whatever the still's moment) and the MP4 holds
/// a one-frame still track, the frame shown when that track's frame is; with neither, a missing
/// timestamp puts the still at the frame nearest the middle. A warning says which was used.
enum MotionPhotoStillTime {
    static func resolve(presentationTime: Double?, movie: Movie, tracks: MotionPhotoVideoTracks, warnings: inout [String]) throws -> Double {
        let t = try choose(presentationTime: presentationTime, movie: movie, tracks: tracks, warnings: &warnings)
        // The movie edit puts the still on the first movie tick at or after `t`: a damaged
        // timescale can squeeze every frame into less than one tick, and no frame is shown there.
        let timing = FrameTiming(track: tracks.motion, movieTimescale: movie.header.timescale)
        let tick = (t * Double(movie.header.timescale)).rounded(.up)
        guard tick.isFinite, tick < Double(Int64.max), timing.frame(containingMovieTick: Int64(tick)) != nil else {
            throw ParseError(.invalidValue, "the embedded video shows no frame at its still time (\(StillTimeResolver.format(t)) s): its frames do not fill one tick of its timeline",
                             path: tracks.motion.path, offset: 0)
        }
        return t
    }

    static func choose(presentationTime: Double?, movie: Movie, tracks: MotionPhotoVideoTracks, warnings: inout [String]) throws -> Double {
        let video = tracks.motion
        let frames = video.framePresentationTimes(movieTimescale: movie.header.timescale)
        guard let first = frames.first else { throw ParseError(.invalidValue, "the embedded video has no frames", path: video.path, offset: 0) }
        if presentationTime ?? 0 == 0, let still = tracks.stillFrameTime, still > 0 {
            let shown = frames.last(where: { $0 <= still + 0.000_001 }) ?? first
            let given = presentationTime == nil ? "no presentation timestamp" : "the presentation timestamp is 0"
            warnings.append("\(given): the still is put at the frame shown with the camera's one-frame still track (\(StillTimeResolver.format(shown)) s)")
            return shown
        }
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
