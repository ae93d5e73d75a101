import BinaryIO

/// `elst`: how media time maps onto the movie's presentation timeline.
public struct EditList: Sendable {
    public struct Entry: Sendable, Equatable {
        /// Segment duration in the movie timescale.
        public var duration: UInt64
        /// Media start time in the media timescale; -1 = an empty edit (nothing presented).
        public var mediaTime: Int64
        public var rate: Int32

        public init(duration: UInt64, mediaTime: Int64, rate: Int32) {
            self.duration = duration; self.mediaTime = mediaTime; self.rate = rate
        }
    }

    /// Real files have a few edits; a fixed bound keeps hostile counts cheap.
    public static let maximumEntries: UInt32 = 100_000
    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let version = try r.readVersionFlags().version
        let count = try r.readUInt32()
        try r.requireEntries(count, size: version == 1 ? 20 : 12, what: "edit")
        guard count <= EditList.maximumEntries else { throw r.error(.tooLarge, "edit count \(count) exceeds \(EditList.maximumEntries)") }
        var list: [Entry] = []
        list.reserveCapacity(Int(count))
        for _ in 0..<count {
            if version == 1 { list.append(Entry(duration: try r.readUInt64(), mediaTime: try r.readInt64(), rate: try r.readInt32())) }
            else { list.append(Entry(duration: UInt64(try r.readUInt32()), mediaTime: Int64(try r.readInt32()), rate: try r.readInt32())) }
        }
        entries = list
    }

    /// The presentation time (seconds) at which media time `mediaTime` is first shown, or nil
    /// when no edit presents it. Without an edit list media time is presentation time.
    public static func presentationTime(ofMediaTime mediaTime: Int64, edits: EditList?, mediaTimescale: UInt32, movieTimescale: UInt32) -> Double? {
        let media = Double(mediaTime) / Double(mediaTimescale)
        guard let edits, !edits.entries.isEmpty else { return media }
        var start = 0.0
        for e in edits.entries {
            let segment = Double(e.duration) / Double(movieTimescale)
            if e.mediaTime >= 0 {
                let mediaStart = Double(e.mediaTime) / Double(mediaTimescale)
                if e.rate == 0 {
                    // A dwell: one media instant held for the segment.
                    if abs(media - mediaStart) < 1e-9 { return start }
                } else if media >= mediaStart - 1e-9 && media < mediaStart + segment + 1e-9 {
                    return start + (media - mediaStart)
                }
            }
            start += segment
        }
        return nil
    }

    /// The span of the presentation timeline (seconds) that shows media, from the first
    /// non-empty edit to the end of the last one.
    public static func presentedSpan(edits: EditList?, trackDuration: Double, movieTimescale: UInt32) -> (start: Double, end: Double) {
        guard let edits, !edits.entries.isEmpty else { return (0, trackDuration) }
        var t = 0.0
        var first: Double? = nil
        var last = 0.0
        for e in edits.entries {
            let segment = Double(e.duration) / Double(movieTimescale)
            if e.mediaTime >= 0 { if first == nil { first = t }; last = t + segment }
            t += segment
        }
        return (first ?? 0, last)
    }
}

extension EditList {
    /// The `elst` atom holding these entries: version 0 when every field fits in 32 bits, else 1.
    public func atom() -> Atom {
        let wide = entries.contains { $0.duration > UInt64(UInt32.max) || $0.mediaTime > Int64(Int32.max) || $0.mediaTime < Int64(Int32.min) }
        var w = ByteWriter(capacity: 8 + entries.count * (wide ? 20 : 12))
        w.u32(wide ? 0x0100_0000 : 0)
        w.u32(UInt32(entries.count))
        for e in entries {
            if wide { w.u64(e.duration); w.i64(e.mediaTime) } else { w.u32(UInt32(e.duration)); w.i32(Int32(e.mediaTime)) }
            w.i32(e.rate)
        }
        return Atom(type: "elst", payload: w.bytes)
    }
}
