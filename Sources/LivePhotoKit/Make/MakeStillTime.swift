import ISOBMFF

/// `make`'s still time, decided once: the movie tick whose frame is decoded into the JPEG, and
/// what `pair` is told so that it writes that same tick. The tick is handed on as a frame index
/// (an integer `pair` resolves through the same `FrameTiming`), never as seconds: seconds
/// rounded to microseconds put 1/30 s on a 600 tick movie one tick before the frame.
struct MakeStillTime: Equatable {
    /// Movie ticks: the decoded frame is the one shown at this tick.
    var tick: Int64
    /// `.middle` when the movie's own still-image-time track is kept (it marks `tick`), else
    /// `.frame(n)` for the frame that starts at `tick`.
    var pairChoice: PairOptions.StillTimeChoice

    /// Without --still-time/--still-frame, a movie that already marks its still (a Live Photo
    /// movie whose still was lost) keeps the camera's choice; otherwise the asked (or middle)
    /// frame's first tick.
    static func decide(_ choice: PairOptions.StillTimeChoice, file: MovieFile, timing: FrameTiming, path: String) throws -> MakeStillTime {
        if choice == .middle, let kept = ExistingStillImageTime(file: file, videoTiming: timing).usableTick {
            return MakeStillTime(tick: kept, pairChoice: .middle)
        }
        let resolved = try StillTimeResolver.resolve(choice, timing: timing, movieTimescale: file.movie.header.timescale, path: path)
        return MakeStillTime(tick: resolved.tick, pairChoice: .frame(resolved.frame))
    }
}
