/// A folder's movies sorted by the moments a still may match (`CaptureTimeMatch.sameMoment`:
/// within its tolerance of a movie's start or middle), so each still is compared with the few
/// movies near it instead of every movie: a folder of n stills and n movies costs n log n, not n².
///
/// A movie's start is an instant (a creationdate with its offset, or `mvhd` without a
/// creationdate) or a wall clock (any creationdate, read in its own offset); which one a still
/// is compared on depends on both files, so both are indexed and a still looks in each it can
/// meet (an instant of its own: both; a local time: wall clocks only). What the index finds
/// is then decided by `CaptureTimeCandidates.sameMoment` itself, so the answer is the one of
/// comparing every pair; a time too far out to count in milliseconds is compared with every
/// file of the other kind.
struct SameMomentIndex {
    /// (moment in ms, index into `files`) sorted by moment.
    private let instants: [(ms: Int64, file: Int)]
    private let wallClocks: [(ms: Int64, file: Int)]
    /// Movies with a moment out of range: compared with every still.
    private let unindexed: [Int]
    /// Every movie, for a still whose own time is out of range.
    private let all: [Int]

    private static let tolerance = CaptureTimeMatch.sameMomentTolerance * 1000
    /// Beyond this a movie's middle is farther from its start than `sameMoment` looks.
    private static let farthestMiddle = (CaptureTimeMatch.largestZoneOffset + CaptureTimeMatch.sameMomentTolerance) * 1000 + tolerance

    init(_ files: [ScannedFile], movies: [Int]) {
        var instants: [(ms: Int64, file: Int)] = [], wallClocks: [(ms: Int64, file: Int)] = [], unindexed: [Int] = []
        for m in movies {
            let movie = files[m]
            // As `sameMoment` reads a movie: its creationdate when it has one, else `mvhd`.
            let instant = movie.captureTime != nil ? movie.captureTime?.absolute : movie.headerCreationTime?.absolute
            let starts = [instant.map { (start: $0, wall: false) }, movie.captureTime.map { (start: $0.wallClock, wall: true) }].compactMap { $0 }
            let points = starts.map { (moments: Self.moments(start: $0.start, durationMilliseconds: movie.durationMilliseconds), wall: $0.wall) }
            guard points.allSatisfy({ $0.moments != nil }) else { unindexed.append(m); continue }
            for p in points {
                for ms in p.moments ?? [] { if p.wall { wallClocks.append((ms, m)) } else { instants.append((ms, m)) } }
            }
        }
        self.instants = instants.sorted { $0.ms < $1.ms }
        self.wallClocks = wallClocks.sorted { $0.ms < $1.ms }
        self.unindexed = unindexed
        self.all = movies
    }

    /// The start and, when `sameMoment` could reach it, the middle of a movie, in ms; nil when
    /// out of range.
    private static func moments(start: Int64, durationMilliseconds: Int64?) -> [Int64]? {
        guard let ms = milliseconds(start) else { return nil }
        let half = (durationMilliseconds ?? 0) / 2
        guard half != 0, half <= farthestMiddle else { return [ms] }
        guard let middle = checked(ms.addingReportingOverflow(half)) else { return nil }
        return [ms, middle]
    }

    /// The movies taken at the same moment as still `s` (`CaptureTimeCandidates.sameMoment`),
    /// in index order.
    func movies(takenWith s: Int, _ files: [ScannedFile]) -> [Int] {
        guard let time = files[s].captureTime else { return [] }
        let instant = time.absolute.map(Self.milliseconds)   // nil: a local time; .some(nil): out of range
        var near: [Int]
        if let wall = Self.milliseconds(time.wallClock), instant != .some(nil) {
            near = Self.within(wallClocks, of: wall) + unindexed
            if let instant = instant ?? nil { near += Self.within(instants, of: instant) }
        } else {
            near = all
        }
        return Set(near).sorted().filter { CaptureTimeCandidates.sameMoment(files[s], files[$0]) }
    }

    /// The files of the points within `tolerance` of `ms` (binary search for the first).
    private static func within(_ points: [(ms: Int64, file: Int)], of ms: Int64) -> [Int] {
        let low = checked(ms.subtractingReportingOverflow(tolerance)) ?? Int64.min
        let high = checked(ms.addingReportingOverflow(tolerance)) ?? Int64.max
        var lo = 0, hi = points.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if points[mid].ms < low { lo = mid + 1 } else { hi = mid }
        }
        var found: [Int] = []
        while lo < points.count, points[lo].ms <= high { found.append(points[lo].file); lo += 1 }
        return found
    }

    private static func milliseconds(_ seconds: Int64) -> Int64? { checked(seconds.multipliedReportingOverflow(by: 1000)) }

    /// Nil when the operation overflowed.
    private static func checked(_ result: (partialValue: Int64, overflow: Bool)) -> Int64? { result.overflow ? nil : result.partialValue }
}
