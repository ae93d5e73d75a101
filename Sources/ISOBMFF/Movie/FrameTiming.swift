/// Presentation intervals of a track's frames on the movie timeline (edit list and ctts applied).
///
/// Times are kept exact: a point on the timeline is an integer count of 1/(movie timescale ×
/// media timescale) seconds ("units"), so a movie tick is `mediaTimescale` units and a media
/// tick is `movieTimescale` units. No floating point decides which frame a time falls in.
public struct FrameTiming: Sendable {
    /// One presented frame: [start, end) in units, and the sample shown.
    struct Presented: Sendable {
        var start: Int128
        var end: Int128
        var sample: ShownSample
    }

    /// The sample a frame shows: its index in decode order (into the sample table) and its
    /// composition time (media timescale), by which a decoder hands it back.
    public struct ShownSample: Sendable, Equatable {
        public var sampleIndex: Int
        public var compositionTime: Int64
    }

    /// A hostile edit list can present every frame many times; past this the rest is left out.
    static let maximumPresentedFrames = 4_000_000

    let frames: [Presented]
    let mediaTimescale: Int128
    let movieTimescale: Int128

    public init(track: Track, movieTimescale: UInt32) {
        let mediaTS = Int128(max(1, track.mediaHeader.timescale))
        let movieTS = Int128(max(1, movieTimescale))
        self.mediaTimescale = mediaTS
        self.movieTimescale = movieTS

        // Media-time intervals of the samples in presentation order: each lasts until the next
        // one starts; the last ends where the latest sample ends (composition time + duration).
        let table = track.sampleTable
        let composition = table.compositionTimes()
        var durations: [Int64] = []
        durations.reserveCapacity(composition.count)
        outer: for e in table.timeToSample {
            var k: UInt32 = 0
            while k < e.count {
                if durations.count >= composition.count { break outer }
                durations.append(Int64(e.delta)); k += 1
            }
        }
        var mediaEnd: Int64 = Int64.min
        for (i, t) in composition.enumerated() { mediaEnd = max(mediaEnd, t &+ durations[i]) }
        // Samples sharing a composition time show the first of them in decode order.
        let order = composition.indices.sorted { (composition[$0], $0) < (composition[$1], $1) }
        var media: [(start: Int64, end: Int64, sample: ShownSample)] = []
        media.reserveCapacity(order.count)
        var shown = ShownSample(sampleIndex: 0, compositionTime: 0)
        for (k, i) in order.enumerated() {
            let s = composition[i]
            if k == 0 || composition[order[k - 1]] != s { shown = ShownSample(sampleIndex: i, compositionTime: s) }
            let e = k + 1 < order.count ? composition[order[k + 1]] : mediaEnd
            if e > s { media.append((s, e, shown)) }
        }

        var presented: [Presented] = []
        presented.reserveCapacity(media.count)
        let edits = track.edits?.entries ?? []
        if edits.isEmpty {
            // No edit list: media time is presentation time.
            for m in media { presented.append(Presented(start: Int128(m.start) * movieTS, end: Int128(m.end) * movieTS, sample: m.sample)) }
        } else {
            var editStart: Int128 = 0   // units
            for (n, edit) in edits.enumerated() {
                let mediaStart = Int128(edit.mediaTime) * movieTS   // units of media time
                var length = Int128(edit.duration) * mediaTS
                // A last edit of duration 0 is read as "the rest of the media" (as players do).
                if length == 0, n == edits.count - 1, edit.mediaTime >= 0, let last = media.last {
                    length = max(0, Int128(last.end) * movieTS - mediaStart)
                }
                defer { editStart += length }
                guard edit.mediaTime >= 0, length > 0 else { continue }
                // First frame that ends after the edit's media start (media is sorted and contiguous).
                var lo = 0, hi = media.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if Int128(media[mid].end) * movieTS <= mediaStart { lo = mid + 1 } else { hi = mid }
                }
                if edit.rate == 0 {
                    // A dwell: the frame at mediaTime held for the whole edit.
                    if lo < media.count, Int128(media[lo].start) * movieTS <= mediaStart, presented.count < FrameTiming.maximumPresentedFrames {
                        presented.append(Presented(start: editStart, end: editStart + length, sample: media[lo].sample))
                    }
                    continue
                }
                let windowEnd = mediaStart + length
                var i = lo
                while i < media.count, presented.count < FrameTiming.maximumPresentedFrames {
                    let s = Int128(media[i].start) * movieTS, e = Int128(media[i].end) * movieTS
                    if s >= windowEnd { break }
                    let from = max(s, mediaStart), to = min(e, windowEnd)
                    if to > from { presented.append(Presented(start: editStart + (from - mediaStart), end: editStart + (to - mediaStart), sample: media[i].sample)) }
                    i += 1
                }
            }
        }
        frames = presented
    }

    /// Frames presented by the edit list, in presentation order.
    public var frameCount: Int { frames.count }

    /// First movie tick at or after frame i's exact presentation start (ceiling division).
    public func startTick(ofFrame i: Int) -> Int64 {
        Int64(clamping: FrameTiming.ceilDiv(frames[i].start, mediaTimescale))
    }

    /// Exact end of the last presented frame, in movie ticks rounded down; a still time must be < this.
    public var endTick: Int64 {
        guard let last = frames.last else { return 0 }
        return Int64(clamping: FrameTiming.floorDiv(last.end, mediaTimescale))
    }

    /// The frame whose presentation interval [start_i, start_{i+1}) contains movie tick t (exact comparison), or nil.
    public func frame(containingMovieTick t: Int64) -> Int? {
        frame(containingUnits: Int128(t) * mediaTimescale)
    }

    /// The sample presented frame i shows.
    public func shownSample(ofFrame i: Int) -> ShownSample { frames[i].sample }

    /// The sample shown at movie tick t (the one a still made at t decodes), or nil when no frame is presented there.
    public func shownSample(atMovieTick t: Int64) -> ShownSample? {
        frame(containingMovieTick: t).map { frames[$0].sample }
    }

    /// The frame shown at `numerator / timescale` seconds (exact comparison), or nil.
    public func frame(containingTime numerator: Int64, timescale: Int64) -> Int? {
        guard timescale > 0 else { return nil }
        // Compare numerator/timescale with units/(movie × media) without dividing.
        let scale = movieTimescale * mediaTimescale
        let point = FrameTiming.product(Int128(numerator), scale)
        let ts = Int128(timescale)
        return index { FrameTiming.product($0, ts) > point }.flatMap { i in
            FrameTiming.product(frames[i].end, ts) > point ? i : nil
        }
    }

    /// The frame whose interval contains the middle of the presented frames (the default still).
    public var middleFrame: Int? {
        guard let first = frames.first, let last = frames.last else { return nil }
        // Compare 2·start with first + last end, all in units, so the middle stays exact.
        let twiceMiddle = first.start + last.end
        return index { $0 * 2 > twiceMiddle }.flatMap { i in frames[i].end * 2 > twiceMiddle ? i : nil }
    }

    /// An exact point on the timeline: `numerator / scale` seconds.
    public struct ExactTime: Sendable, Equatable {
        public var numerator: Int128
        public var scale: Int128
        public init(_ numerator: Int128, per scale: Int128) { self.numerator = numerator; self.scale = max(1, scale) }
        /// Only for reports; no decision is made on it.
        public var seconds: Double { Double(numerator) / Double(scale) }
        /// Rounded up to a whole count of `1/timescale` (a movie tick, a microsecond).
        public func ceiling(timescale: Int64) -> Int64 {
            Int64(clamping: FrameTiming.ceilDiv(FrameTiming.product(numerator, Int128(timescale)), scale))
        }
    }

    /// Frame i's exact presentation start.
    public func start(ofFrame i: Int) -> ExactTime { ExactTime(frames[i].start, per: movieTimescale * mediaTimescale) }

    /// The last frame that starts at or before `time` (exact comparison), or nil when every frame starts after it.
    public func lastFrame(startingAtOrBefore time: ExactTime) -> Int? {
        let point = FrameTiming.product(time.numerator, movieTimescale * mediaTimescale)
        return index { FrameTiming.product($0, time.scale) > point }
    }

    /// Whether frame i starts strictly before `time` (exact comparison).
    public func frame(_ i: Int, startsBefore time: ExactTime) -> Bool {
        FrameTiming.product(frames[i].start, time.scale) < FrameTiming.product(time.numerator, movieTimescale * mediaTimescale)
    }

    /// The frame whose start is nearest `time` (the earlier one on a tie), or nil without frames.
    public func frame(startingNearest time: ExactTime) -> Int? {
        guard !frames.isEmpty else { return nil }
        let scale = movieTimescale * mediaTimescale
        let point = FrameTiming.product(time.numerator, scale)
        func distance(_ i: Int) -> Int128 { abs(FrameTiming.product(frames[i].start, time.scale) - point) }
        var best = 0
        for i in frames.indices where distance(i) < distance(best) { best = i }
        return best
    }

    private func frame(containingUnits u: Int128) -> Int? {
        index { $0 > u }.flatMap { i in frames[i].end > u ? i : nil }
    }

    /// The last frame whose start is not past the point (`isPast(start)` false), by binary search.
    private func index(_ isPast: (Int128) -> Bool) -> Int? {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isPast(frames[mid].start) { hi = mid } else { lo = mid + 1 }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// a × b, saturating instead of trapping (only hostile values get near the bounds).
    static func product(_ a: Int128, _ b: Int128) -> Int128 {
        let (p, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? ((a < 0) != (b < 0) ? .min : .max) : p
    }

    static func ceilDiv(_ a: Int128, _ b: Int128) -> Int128 {
        let q = a / b
        return (a % b != 0 && (a > 0) == (b > 0)) ? q + 1 : q
    }

    static func floorDiv(_ a: Int128, _ b: Int128) -> Int128 {
        let q = a / b
        return (a % b != 0 && (a > 0) != (b > 0)) ? q - 1 : q
    }
}
