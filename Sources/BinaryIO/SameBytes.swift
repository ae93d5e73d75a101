extension FileSource {
    /// Whether the bytes of `ranges` here, taken in order, are the bytes of `otherRanges` in
    /// `other`: compared a bounded chunk at a time, so ranges of gigabytes cost a chunk of memory.
    /// Ranges of different total length, or one that cannot be read, compare unequal.
    public func sameBytes(_ ranges: [Range<UInt64>], as other: FileSource, _ otherRanges: [Range<UInt64>]) -> Bool {
        var mine = RangeCursor(ranges), theirs = RangeCursor(otherRanges)
        guard let total = mine.remaining, total == theirs.remaining else { return false }
        let chunk: UInt64 = 1 << 20
        while let here = mine.next, let there = theirs.next {
            let n = min(chunk, here.count, there.count)
            guard let a = try? read(at: here.offset, count: Int(n)), let b = try? other.read(at: there.offset, count: Int(n)), a == b else { return false }
            mine.advance(n)
            theirs.advance(n)
        }
        return mine.next == nil && theirs.next == nil
    }
}

/// A position in a list of byte ranges read one after another.
private struct RangeCursor {
    private let ranges: [Range<UInt64>]
    private var index = 0
    private var done: UInt64 = 0

    init(_ ranges: [Range<UInt64>]) {
        self.ranges = ranges
        skipEmpty()
    }

    /// The bytes left in all ranges; nil when their sum does not fit 64 bits (hostile extents).
    var remaining: UInt64? {
        var sum: UInt64 = 0
        for range in ranges[index...] {
            let (next, overflow) = sum.addingReportingOverflow(Self.length(range))
            guard !overflow else { return nil }
            sum = next
        }
        return sum - done
    }

    /// Where the next bytes are, and how many follow there in the current range; nil at the end.
    var next: (offset: UInt64, count: UInt64)? {
        guard index < ranges.count else { return nil }
        return (ranges[index].lowerBound + done, Self.length(ranges[index]) - done)
    }

    mutating func advance(_ n: UInt64) {
        done += n
        if index < ranges.count && done == Self.length(ranges[index]) { index += 1; done = 0; skipEmpty() }
    }

    private static func length(_ range: Range<UInt64>) -> UInt64 { range.upperBound - range.lowerBound }

    private mutating func skipEmpty() {
        while index < ranges.count && ranges[index].isEmpty { index += 1 }
    }
}
