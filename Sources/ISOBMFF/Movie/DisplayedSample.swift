import BinaryIO

/// Which sample of a track is on screen at a movie tick: the edit list maps the tick to a media
/// time, and the sample shown is the one with the latest composition time at or before it.
/// Integer arithmetic only, so a tick placed at a frame's (ceiling-rounded) start always finds
/// that frame.
public struct DisplayedSample: Sendable, Equatable {
    /// Index in decode order (into the sample table).
    public var sampleIndex: Int
    /// Its composition time (media timescale).
    public var compositionTime: Int64
    /// The media time the tick maps to.
    public var mediaTime: Int64

    /// The sample shown at `movieTick` (movie timescale), or nil when no edit presents media there.
    public static func at(movieTick: Int64, track: Track, movieTimescale: UInt32) throws -> DisplayedSample? {
        guard let media = try mediaTime(atMovieTick: movieTick, track: track, movieTimescale: movieTimescale) else { return nil }
        let times = track.sampleTable.compositionTimes()
        guard !times.isEmpty else { return nil }
        var best: Int? = nil
        var earliest = 0
        for (i, t) in times.enumerated() {
            if t < times[earliest] { earliest = i }
            if t <= media, best.map({ t > times[$0] }) ?? true { best = i }
        }
        // A tick before the first composition time (an edit starting early) shows the first frame.
        let index = best ?? earliest
        return DisplayedSample(sampleIndex: index, compositionTime: times[index], mediaTime: media)
    }

    /// Media time (media timescale, rounded down) presented at `movieTick`, or nil outside every
    /// edit or in an empty edit.
    public static func mediaTime(atMovieTick tick: Int64, track: Track, movieTimescale: UInt32) throws -> Int64? {
        guard tick >= 0 else { return nil }
        let mediaScale = Int64(track.mediaHeader.timescale)
        let movieScale = Int64(movieTimescale)
        guard mediaScale > 0, movieScale > 0 else { return nil }
        func scaled(_ ticks: Int64) throws -> Int64 {
            let (product, overflow) = ticks.multipliedReportingOverflow(by: mediaScale)
            guard !overflow else { throw ParseError(.tooLarge, "time \(ticks) overflows", path: track.path + "/edts/elst") }
            return product / movieScale
        }
        guard let edits = track.edits, !edits.entries.isEmpty else { return try scaled(tick) }
        var start: Int64 = 0
        for e in edits.entries {
            let duration = Int64(clamping: e.duration)
            let (end, overflow) = start.addingReportingOverflow(duration)
            guard !overflow else { return nil }
            if tick >= start && tick < end {
                if e.mediaTime < 0 { return nil }
                if e.rate == 0 { return e.mediaTime }
                let (media, o2) = e.mediaTime.addingReportingOverflow(try scaled(tick - start))
                return o2 ? nil : media
            }
            start = end
        }
        return nil
    }
}
