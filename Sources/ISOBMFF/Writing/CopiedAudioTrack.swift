import BinaryIO

/// A source movie's audio track cut to a span on sample boundaries, for a new movie: its sample
/// entries, media header box and samples copied byte for byte, in its own timescale.
public struct CopiedAudioTrack {
    /// Copied audio past this is refused (a span of seconds holds far less).
    public static let maximumBytes = 256 << 20

    public var track: NewTrack
    /// The samples' bytes, one chunk.
    public let chunks: [[UInt8]]

    /// The samples of `source` that start in [`start`, `end`) (ticks of the source movie
    /// timescale, edits applied), presented from their own start in a movie of `movieTimescale`
    /// whose time 0 is `start`. Nil when no sample starts in the span. The track keeps the
    /// source's header (its id too) until the new movie places it and gives it its id.
    public init?(_ source: Track, in file: MovieFile, start: Int64, end: Int64, movieTimescale: UInt32) throws {
        let table = source.sampleTable
        let sourceTS = Int128(max(1, file.movie.header.timescale)), mediaTS = Int128(max(1, source.mediaHeader.timescale))
        // The edit that shows the media: an empty edit before it delays the track. Edits that
        // are all empty show no sample: a player plays nothing of the track, so nothing is copied.
        let entries = source.edits?.entries ?? []
        let delayEdits = entries.prefix { $0.mediaTime < 0 }
        guard entries.isEmpty || delayEdits.count < entries.count else { return nil }
        let delay = Int128(delayEdits.reduce(UInt64(0)) { $0 &+ $1.duration })
        let mediaOrigin = Int128(entries.dropFirst(delayEdits.count).first?.mediaTime ?? 0)
        // Media ticks at the span's ends (first sample at or after the start, samples before the end).
        let from = mediaOrigin + FrameTiming.ceilDiv((Int128(start) - delay) * mediaTS, sourceTS)
        let to = mediaOrigin + FrameTiming.ceilDiv((Int128(end) - delay) * mediaTS, sourceTS)
        var kept: [Int] = [], durations: [UInt32] = []
        var t: Int128 = 0, index = 0
        for run in table.timeToSample where t < to && index < Int(table.sampleCount) {
            // Bounded by the sample count (checked against `stsz`), not by the run's own count.
            let n = min(Int(run.count), Int(table.sampleCount) - index)
            // A run skipped whole ends before `from`; one of zero-duration samples at `from` is kept.
            if t + Int128(n) * Int128(run.delta) < from { t += Int128(n) * Int128(run.delta); index += n; continue }
            for _ in 0..<n where t < to {
                if t >= from { kept.append(index); durations.append(run.delta) }
                t += Int128(run.delta); index += 1
            }
        }
        guard let first = kept.first, let last = kept.last else { return nil }
        let ranges = try table.sampleRanges(path: source.path + "/mdia/minf/stbl")
        guard last < ranges.count else { return nil }
        chunks = [try Self.read(ranges[first...last], from: file.source, path: source.path)]

        var stts: [SampleTable.TimeToSample] = []
        for d in durations {
            if let l = stts.last, l.delta == d { stts[stts.count - 1].count += 1 } else { stts.append(.init(count: 1, delta: d)) }
        }
        let firstStart = delay + FrameTiming.ceilDiv((Self.decodeTime(of: first, table) - mediaOrigin) * sourceTS, mediaTS) - Int128(start)
        let leading = max(0, firstStart) * Int128(movieTimescale) / sourceTS
        let mediaTicks = durations.reduce(Int128(0)) { $0 + Int128($1) }
        var edits: [EditList.Entry] = []
        if leading > 0 { edits.append(.init(duration: UInt64(leading), mediaTime: -1, rate: 0x10000)) }
        edits.append(.init(duration: UInt64(clamping: mediaTicks * Int128(movieTimescale) / mediaTS), mediaTime: 0, rate: 0x10000))

        let header = source.header
        var media = source.mediaHeader
        media.creationTime = 0; media.modificationTime = 0
        let minf = source.atom.find("mdia", "minf")
        var built = NewTrack(header: header, edits: edits, mediaHeader: media, handlerType: "soun", handlerName: "Core Media Audio",
                             mediaInformationHeader: minf?.child("smhd") ?? Self.soundMediaHeader(),
                             sampleEntries: minf?.find("stbl", "stsd")?.children ?? [], timeToSample: stts,
                             sampleSizes: table.constantSampleSize != 0 ? [] : kept.map { table.sampleSizes[$0] }, samplesPerChunk: [UInt32(kept.count)])
        built.constantSampleSize = table.constantSampleSize
        built.sampleCount = UInt32(kept.count)
        track = built
    }

    static func decodeTime(of sample: Int, _ table: SampleTable) -> Int128 {
        var t: Int128 = 0, index = 0
        for run in table.timeToSample {
            let n = min(Int(run.count), sample - index)
            t += Int128(n) * Int128(run.delta); index += n
            if index >= sample { break }
        }
        return t
    }

    /// The bytes of consecutive samples, read in as few reads as their placement allows.
    static func read(_ ranges: ArraySlice<(offset: UInt64, size: UInt32)>, from source: FileSource, path: String) throws -> [UInt8] {
        guard let first = ranges.first else { return [] }
        let total = ranges.reduce(UInt64(0)) { $0 + UInt64($1.size) }
        guard total <= UInt64(maximumBytes) else {
            throw ParseError(.tooLarge, "\(total) bytes of samples in the span exceed the \(maximumBytes >> 20) MiB bound", path: path, offset: first.offset)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(total))
        var runStart = first.offset, runEnd = runStart
        for r in ranges {
            if r.offset != runEnd {
                bytes += try source.read(at: runStart, count: Int(runEnd - runStart), path: path + " samples")
                runStart = r.offset; runEnd = r.offset
            }
            runEnd += UInt64(r.size)
        }
        bytes += try source.read(at: runStart, count: Int(runEnd - runStart), path: path + " samples")
        return bytes
    }

    /// `smhd` (balance 0) when the source track has none.
    static func soundMediaHeader() -> Atom { Atom(type: "smhd", payload: [UInt8](repeating: 0, count: 8)) }
}
