import ISOBMFF

/// `--start`/`--duration` of `make --wallpaper` in ticks of the source movie's timescale.
struct ChosenSpan {
    var start: Int64?
    var length: Int64?
    let timescale: UInt32

    init(_ options: MakeOptions, timescale: UInt32) {
        start = options.wallpaperStart?.ticks(timescale: timescale)
        length = options.wallpaperDuration?.ticks(timescale: timescale)
        self.timescale = timescale
    }

    /// A span chosen is re-encoded: the source's samples cannot be cut at any frame.
    var isChosen: Bool { start != nil || length != nil }

    /// With `--start` and no still time given, the still is the frame shown in the middle of the
    /// chosen span (the middle of the whole video may lie outside it); nil otherwise.
    func defaultStill(timing: FrameTiming, choice: PairOptions.StillTimeChoice) -> Int64? {
        guard let start, choice == .middle else { return nil }
        let length = length ?? WallpaperMake.defaultLength(from: start, videoEnd: timing.endTick, timescale: timescale)
        let middle = start + length / 2
        return timing.frame(containingMovieTick: middle).map { timing.startTick(ofFrame: $0) } ?? middle
    }
}
