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
    /// The version read (a new list starts at 0; `atom()` uses 1 when a value needs it; another
    /// version is read and written with the version 0 layout).
    public var version: UInt8 = 0
    public var flags: UInt32 = 0
    /// Bytes after the last entry, kept on a re-write.
    public var trailing: [UInt8] = []

    public init(entries: [Entry]) { self.entries = entries }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
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
        trailing = r.readRest()
    }

    /// When media time `mediaTime` is first shown (exact, in units of 1/(movie × media
    /// timescale) seconds), or nil when no edit presents it. Without an edit list media time is
    /// presentation time. An edit shows media from its media time to the end of its duration,
    /// the end included (a sample of no duration at the very end is still shown); a dwell
    /// (rate 0) shows only its one instant.
    public static func presentationStart(ofMediaTime mediaTime: Int64, edits: EditList?, mediaTimescale: UInt32, movieTimescale: UInt32) -> FrameTiming.ExactTime? {
        let (movieTS, mediaTS) = (Int128(max(1, movieTimescale)), Int128(max(1, mediaTimescale)))
        let scale = movieTS * mediaTS
        let media = Int128(mediaTime) * movieTS
        guard let entries = edits?.entries, !entries.isEmpty else { return FrameTiming.ExactTime(media, per: scale) }
        var start: Int128 = 0
        for e in entries {
            let segment = Int128(e.duration) * mediaTS
            if e.mediaTime >= 0 {
                let mediaStart = Int128(e.mediaTime) * movieTS
                if e.rate == 0 {
                    if media == mediaStart { return FrameTiming.ExactTime(start, per: scale) }
                } else if media >= mediaStart && media <= mediaStart + segment {
                    return FrameTiming.ExactTime(start + media - mediaStart, per: scale)
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
    /// The `elst` atom holding these entries: the version read (0 for a new list), or 1 when a
    /// field needs 64 bits.
    public func atom() -> Atom {
        let wide = version == 1 || entries.contains { $0.duration > UInt64(UInt32.max) || $0.mediaTime > Int64(Int32.max) || $0.mediaTime < Int64(Int32.min) }
        var w = ByteWriter(capacity: 8 + entries.count * (wide ? 20 : 12))
        w.u8(wide ? 1 : version); w.u24(flags)   // an unknown version keeps the version 0 layout it was read with
        w.u32(UInt32(entries.count))
        for e in entries {
            if wide { w.u64(e.duration); w.i64(e.mediaTime) } else { w.u32(UInt32(e.duration)); w.i32(Int32(e.mediaTime)) }
            w.i32(e.rate)
        }
        w.append(trailing)
        return Atom(type: "elst", payload: w.bytes)
    }
}
