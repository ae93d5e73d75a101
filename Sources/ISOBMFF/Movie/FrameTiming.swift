/// Presentation intervals of a track's frames on the movie timeline (edit list and ctts applied).
///
/// Exact integer arithmetic: a frame's start is kept as a numerator over the media timescale
/// in movie ticks (`movieTick * mediaTimescale`), so "is this tick on that frame's start" never
/// depends on floating-point rounding. Values that would overflow 64 bits end the timeline
/// there (only a hostile file gets that far).
public struct FrameTiming: Sendable {
    /// Exact starts of the presented frames, in movie ticks × media timescale, increasing.
    private var scaledStarts: [Int64] = []
    /// Exact end of the last presented frame, same unit.
    private var scaledEnd: Int64 = 0
    private let mediaTimescale: Int64

    /// A bound on the frames one track can present, so hostile edit lists (many edits each
    /// showing every sample) cannot grow the table without limit.
    static let maximumFrames = 1 << 22

    public init(track: Track, movieTimescale: UInt32) {
        mediaTimescale = Int64(max(1, track.mediaHeader.timescale))
        let movieScale = Int64(max(1, movieTimescale))
        let frames = FrameTiming.mediaFrames(track.sampleTable)
        guard !frames.isEmpty else { return }

        // Without an edit list media time is presentation time.
        let edits = track.edits?.entries ?? []
        if edits.isEmpty {
            for f in frames {
                guard let s = FrameTiming.scale(f.start, by: movieScale) else { break }
                append(max(0, s), end: FrameTiming.scale(f.end, by: movieScale))
            }
            return
        }

        var segmentStart: Int64 = 0   // movie ticks
        for edit in edits {
            guard let duration = Int64(exactly: edit.duration) else { return }
            defer { segmentStart = segmentStart.addingReportingOverflow(duration).overflow ? Int64.max : segmentStart + duration }
            guard edit.mediaTime >= 0, duration > 0, segmentStart != Int64.max,
                  let segStartScaled = FrameTiming.multiply(segmentStart, mediaTimescale),
                  let durationScaled = FrameTiming.multiply(duration, mediaTimescale),
                  let segEndScaled = FrameTiming.add(segStartScaled, durationScaled) else { continue }
            if edit.rate == 0 {
                // A dwell: the frame showing media time `mediaTime` is held for the segment.
                let k = FrameTiming.firstFrame(endingAfter: edit.mediaTime, in: frames)
                if k < frames.count, frames[k].start <= edit.mediaTime {
                    append(segStartScaled, end: segEndScaled)
                }
                continue
            }
            // Media window shown: [mediaTime, mediaTime + duration·mediaScale/movieScale).
            // A frame is shown when its media interval overlaps the window; its start on the
            // movie timeline is segStart + (start - mediaTime)·movieScale/mediaScale, never
            // before the segment starts.
            var visited = 0
            for f in frames[FrameTiming.firstFrame(endingAfter: edit.mediaTime, in: frames)...] {
                visited += 1
                if visited > FrameTiming.maximumFrames || scaledStarts.count >= FrameTiming.maximumFrames { return }
                let (offset, wrapped) = f.start.subtractingReportingOverflow(edit.mediaTime)
                guard !wrapped, let scaledOffset = FrameTiming.multiply(max(0, offset), movieScale),
                      let start = FrameTiming.add(segStartScaled, scaledOffset) else { break }
                if start >= segEndScaled { break }
                let (endOffset, endWrapped) = f.end.subtractingReportingOverflow(edit.mediaTime)
                let frameEnd = endWrapped ? nil : FrameTiming.multiply(endOffset, movieScale).flatMap { FrameTiming.add(segStartScaled, $0) }
                append(start, end: min(frameEnd ?? segEndScaled, segEndScaled))
            }
        }
    }

    /// Frames presented by the edit list, in presentation order.
    public var frameCount: Int { scaledStarts.count }

    /// First movie tick at or after frame i's exact presentation start (ceiling division).
    public func startTick(ofFrame i: Int) -> Int64 {
        FrameTiming.ceilingDivide(scaledStarts[i], mediaTimescale)
    }

    /// Exact end of the last presented frame, in movie ticks rounded down; a still time must be < this.
    public var endTick: Int64 {
        FrameTiming.floorDivide(scaledEnd, mediaTimescale)
    }

    /// The frame whose presentation interval [start_i, start_{i+1}) contains movie tick t (exact comparison), or nil.
    public func frame(containingMovieTick t: Int64) -> Int? {
        guard let scaled = FrameTiming.multiply(t, mediaTimescale), !scaledStarts.isEmpty,
              scaled >= scaledStarts[0], scaled < scaledEnd else { return nil }
        // The last start at or before `scaled` (binary search over increasing starts).
        var low = 0, high = scaledStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if scaledStarts[mid] <= scaled { low = mid } else { high = mid - 1 }
        }
        return low
    }

    // MARK: - Building

    /// Appends a frame start, keeping starts strictly increasing (a frame that would start
    /// where the previous one does replaces nothing: the earlier frame is the one shown).
    private mutating func append(_ start: Int64, end: Int64?) {
        if let last = scaledStarts.last, start <= last { return }
        if let end { scaledEnd = max(scaledEnd, end) }
        scaledStarts.append(start)
        scaledEnd = max(scaledEnd, start)
    }

    /// Every sample's media interval [composition time, next composition time) in
    /// presentation order; the last ends at the latest composition time plus its duration.
    static func mediaFrames(_ table: SampleTable) -> [(start: Int64, end: Int64)] {
        let times = table.compositionTimes()
        guard !times.isEmpty else { return [] }
        var durations: [Int64] = []
        durations.reserveCapacity(times.count)
        for e in table.timeToSample {
            var k: UInt32 = 0
            while k < e.count && durations.count < times.count { durations.append(Int64(e.delta)); k += 1 }
            if durations.count == times.count { break }
        }
        let order = times.indices.sorted { times[$0] < times[$1] }
        var mediaEnd = Int64.min
        for i in times.indices {
            let (end, overflow) = times[i].addingReportingOverflow(i < durations.count ? durations[i] : 0)
            mediaEnd = max(mediaEnd, overflow ? Int64.max : end)
        }
        var frames: [(start: Int64, end: Int64)] = []
        frames.reserveCapacity(order.count)
        for (k, i) in order.enumerated() {
            let end = k + 1 < order.count ? times[order[k + 1]] : mediaEnd
            if end > times[i] { frames.append((times[i], end)) }
        }
        return frames
    }

    /// Index of the first frame whose end is after `mediaTime` (frames are sorted and their
    /// ends increase), or `frames.count`.
    static func firstFrame(endingAfter mediaTime: Int64, in frames: [(start: Int64, end: Int64)]) -> Int {
        var low = 0, high = frames.count
        while low < high {
            let mid = (low + high) / 2
            if frames[mid].end > mediaTime { high = mid } else { low = mid + 1 }
        }
        return low
    }

    static func multiply(_ a: Int64, _ b: Int64) -> Int64? {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        return o ? nil : r
    }

    static func add(_ a: Int64, _ b: Int64) -> Int64? {
        let (r, o) = a.addingReportingOverflow(b)
        return o ? nil : r
    }

    /// Media ticks to movie ticks × media timescale, i.e. times the movie timescale.
    static func scale(_ mediaTicks: Int64, by movieScale: Int64) -> Int64? { multiply(mediaTicks, movieScale) }

    static func ceilingDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a > 0) == (b > 0)) ? q + 1 : q
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a > 0) != (b > 0)) ? q - 1 : q
    }
}
