import BinaryIO
import ISOBMFF

/// Where the still sits in the movie made from a Motion Photo: the video frame shown at the
/// presentation timestamp (the last frame that starts at or before it). When the file gives
/// none (-1 or absent) or 0 (Pixel 3a writes 0 whatever the still's moment) and the MP4 holds
/// a one-frame still track, the frame shown when that track's frame is; with neither, a missing
/// timestamp puts the still at the frame nearest the middle. A warning says which was used.
/// Decided in exact integers (the XMP's microseconds, the frames' starts) and placed on the
/// movie's ticks once, by `StillTimeResolver`; no seconds in between.
enum MotionPhotoStillTime {
    /// The frame and its tick; `start` is the frame's exact start (for the report).
    static func resolve(presentationTimestampUs: Int64?, movie: Movie, tracks: MotionPhotoVideoTracks,
                        warnings: inout [String]) throws -> (placed: ResolvedStillTime, start: FrameTiming.ExactTime) {
        let timescale = movie.header.timescale
        let timing = FrameTiming(track: tracks.motion, movieTimescale: timescale)
        let frame = try choose(presentationTimestampUs: presentationTimestampUs, timing: timing, movie: movie, tracks: tracks, warnings: &warnings)
        let placed = StillTimeResolver.resolved(frame: frame, timing: timing)
        let start = timing.start(ofFrame: frame)
        // A damaged timescale can squeeze every frame into less than one tick: no frame is shown at the tick.
        guard timing.frame(containingMovieTick: placed.tick) != nil else {
            throw ParseError(.invalidValue, "the embedded video shows no frame at its still time (\(StillTimeResolver.format(start.seconds)) s): its frames do not fill one tick of its timeline",
                             path: tracks.motion.path, offset: tracks.motion.offset)
        }
        return (placed, start)
    }

    static func choose(presentationTimestampUs: Int64?, timing: FrameTiming, movie: Movie, tracks: MotionPhotoVideoTracks,
                       warnings: inout [String]) throws -> Int {
        guard timing.frameCount > 0 else { throw ParseError(.invalidValue, "the embedded video has no frames", path: tracks.motion.path, offset: tracks.motion.offset) }
        let us = presentationTimestampUs.flatMap { $0 >= 0 ? $0 : nil }   // -1: none given
        // A microsecond of slack: a timestamp is itself rounded from a frame's time.
        let microsecond: Int128 = 1_000_000
        if us ?? 0 == 0, let still = tracks.stillFrameStart, still.numerator > 0 {
            let slack = FrameTiming.ExactTime(still.numerator * microsecond + still.scale, per: still.scale * microsecond)
            let shown = timing.lastFrame(startingAtOrBefore: slack) ?? 0
            let given = us == nil ? "no presentation timestamp" : "the presentation timestamp is 0"
            warnings.append("\(given): the still is put at the frame shown with the camera's one-frame still track (\(StillTimeResolver.format(timing.start(ofFrame: shown).seconds)) s)")
            return shown
        }
        guard let us else {
            let nearest = timing.frame(startingNearest: tracks.motion.presentedMiddle(movieTimescale: movie.header.timescale)) ?? 0
            warnings.append("no presentation timestamp: the still is put at the frame nearest the middle (\(StillTimeResolver.format(timing.start(ofFrame: nearest).seconds)) s)")
            return nearest
        }
        guard let shown = timing.lastFrame(startingAtOrBefore: FrameTiming.ExactTime(Int128(us) + 1, per: microsecond)) else { return 0 }
        let last = timing.frameCount - 1
        if timing.frame(last, startsBefore: FrameTiming.ExactTime(Int128(us) - microsecond, per: microsecond)) {
            warnings.append("the presentation timestamp \(StillTimeResolver.format(Double(us) / 1_000_000)) s lies past the video; the still is put at its last frame")
        }
        return shown
    }
}
