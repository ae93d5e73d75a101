import ISOBMFF

/// Where the still sits in the movie, decided once per pair in movie ticks (never seconds): the
/// camera's own still-image-time track kept, or a frame of the video placed by
/// `StillTimeResolver` (which rounds once, in `FrameTiming`). `pair` and `make` both decide here.
enum PairStillTime: Equatable {
    /// The movie's usable still-image-time track stays as the camera wrote it; it marks `tick`.
    case keep(tick: Int64)
    /// A new or moved sample at the first tick of a frame.
    case place(ResolvedStillTime)

    /// Without --still-time/--still-frame a usable track the camera wrote is kept; otherwise the
    /// asked (or middle) frame's first tick.
    static func decide(_ choice: PairOptions.StillTimeChoice, existing: ExistingStillImageTime, timing: FrameTiming,
                       movieTimescale: UInt32, path: String) throws -> PairStillTime {
        if choice == .middle, let tick = existing.usableTick { return .keep(tick: tick) }
        return .place(try StillTimeResolver.resolve(choice, timing: timing, movieTimescale: movieTimescale, path: path))
    }

    /// Movie ticks: the frame shown at this tick is the still.
    var tick: Int64 {
        switch self {
        case .keep(let tick): return tick
        case .place(let resolved): return resolved.tick
        }
    }

    /// What the movie edit does with the still-image-time track.
    var placement: LivePhotoMovieEdit.Placement {
        switch self {
        case .keep: return .keep
        case .place(let resolved): return .at(tick: resolved.tick, sampleDuration: resolved.sampleDuration)
        }
    }

    /// The choice that decides this again on the same movie (`make` hands it to `pair`): a frame
    /// index, an integer resolved through the same `FrameTiming`, never seconds.
    var choice: PairOptions.StillTimeChoice {
        switch self {
        case .keep: return .middle
        case .place(let resolved): return .frame(resolved.frame)
        }
    }
}
