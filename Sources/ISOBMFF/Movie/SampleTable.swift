import BinaryIO

/// The sample table of a track (`stbl`): timing, sizes and chunk layout, enough to locate
/// every sample's bytes and presentation time.
public struct SampleTable: Sendable {
    public struct TimeToSample: Sendable, Equatable { public var count: UInt32; public var delta: UInt32 }
    public struct CompositionOffset: Sendable, Equatable { public var count: UInt32; public var offset: Int32 }
    public struct SampleToChunk: Sendable, Equatable { public var firstChunk: UInt32; public var samplesPerChunk: UInt32; public var descriptionIndex: UInt32 }

    public var timeToSample: [TimeToSample]
    public var compositionOffsets: [CompositionOffset]
    public var sampleToChunk: [SampleToChunk]
    /// Either one size for all samples, or one size per sample.
    public var constantSampleSize: UInt32
    public var sampleSizes: [UInt32]
    public var sampleCount: UInt32
    public var chunkOffsets: ChunkOffsetTable

    public init<Box: BoxNode>(_ stbl: Box, path: String) throws {
        func need(_ t: FourCC) throws -> Box {
            guard let a = stbl.child(t) else { throw ParseError(.invalidValue, "missing '\(t)'", path: path, offset: stbl.originalOffset ?? 0) }
            return a
        }
        timeToSample = try TimeToSampleBox(try need("stts"), path: path + "/stts").entries

        compositionOffsets = try stbl.child("ctts").map { try CompositionOffsetBox($0, path: path + "/ctts").entries } ?? []

        sampleToChunk = try SampleToChunkBox(try need("stsc"), path: path + "/stsc").entries

        guard let stsz = stbl.child("stsz") else {
            if stbl.child("stz2") != nil { throw ParseError(.unsupported, "compact sample sizes (stz2) are not supported", path: path, offset: stbl.originalOffset ?? 0) }
            throw ParseError(.invalidValue, "missing 'stsz'", path: path, offset: stbl.originalOffset ?? 0)
        }
        let sizes = try SampleSizeBox(stsz, path: path + "/stsz")
        constantSampleSize = sizes.constantSize
        sampleCount = sizes.sampleCount
        sampleSizes = sizes.sizes

        if let stco = stbl.child("stco") { chunkOffsets = try ChunkOffsetTable(stco, path: path + "/stco") }
        else if let co64 = stbl.child("co64") { chunkOffsets = try ChunkOffsetTable(co64, path: path + "/co64") }
        else { throw ParseError(.invalidValue, "missing 'stco' or 'co64'", path: path, offset: stbl.originalOffset ?? 0) }
    }

    public func size(ofSample i: Int) -> UInt32 { constantSampleSize != 0 ? constantSampleSize : sampleSizes[i] }

    /// File offset and size of every sample, in decode order. Bounded by `sampleCount`, which
    /// was checked against the bytes of `stsz` (or is covered by chunk offsets and runs).
    public func sampleRanges(path: String = "") throws -> [(offset: UInt64, size: UInt32)] {
        let total = Int(sampleCount)
        // A constant-size table holds no per-sample bytes: bound its count by what chunks could hold.
        if constantSampleSize != 0 {
            let maxPerChunk = sampleToChunk.map { UInt64($0.samplesPerChunk) }.max() ?? 0
            guard UInt64(total) <= maxPerChunk * UInt64(chunkOffsets.offsets.count) else {
                throw ParseError(.invalidValue, "sample count \(total) exceeds what the chunks hold", path: path, offset: 0)
            }
        }
        var ranges: [(offset: UInt64, size: UInt32)] = []
        ranges.reserveCapacity(total)
        let chunks = chunkOffsets.offsets
        var sample = 0
        for (i, run) in sampleToChunk.enumerated() {
            let firstChunk = Int(run.firstChunk) - 1
            let lastChunk = i + 1 < sampleToChunk.count ? Int(sampleToChunk[i + 1].firstChunk) - 1 : chunks.count
            guard firstChunk < chunks.count || sample >= total else {
                throw ParseError(.invalidValue, "sample-to-chunk names chunk \(firstChunk + 1) of \(chunks.count)", path: path, offset: 0)
            }
            var chunk = firstChunk
            while chunk < min(lastChunk, chunks.count) && sample < total {
                var offset = chunks[chunk]
                var k: UInt32 = 0
                while k < run.samplesPerChunk && sample < total {
                    let s = size(ofSample: sample)
                    ranges.append((offset, s))
                    let (next, overflow) = offset.addingReportingOverflow(UInt64(s))
                    guard !overflow else { throw ParseError(.invalidValue, "sample offset overflows", path: path, offset: 0) }
                    offset = next
                    sample += 1
                    k += 1
                }
                chunk += 1
            }
        }
        guard sample == total else {
            throw ParseError(.invalidValue, "chunks hold \(sample) samples, sample table says \(total)", path: path, offset: 0)
        }
        return ranges
    }

    /// Decode time (media timescale) of each sample plus its composition offset, i.e. its
    /// composition time, in decode order. At most `sampleCount` entries.
    public func compositionTimes() -> [Int64] {
        var times: [Int64] = []
        let timed = timeToSample.reduce(UInt64(0)) { $0 + UInt64($1.count) }
        times.reserveCapacity(Int(min(UInt64(sampleCount), timed)))
        var t: Int64 = 0
        outer: for e in timeToSample {
            var k: UInt32 = 0
            while k < e.count {
                if times.count >= Int(sampleCount) { break outer }
                times.append(t)
                t &+= Int64(e.delta)
                k += 1
            }
        }
        var i = 0
        for c in compositionOffsets {
            var k: UInt32 = 0
            while k < c.count && i < times.count { times[i] &+= Int64(c.offset); i += 1; k += 1 }
        }
        return times
    }

    /// Sum of sample durations (media timescale).
    /// Saturates at `UInt64.max` rather than trapping on hostile counts and deltas.
    public var mediaDuration: UInt64 {
        timeToSample.reduce(UInt64(0)) { sum, e in
            let (next, overflow) = sum.addingReportingOverflow(UInt64(e.count) * UInt64(e.delta))
            return overflow ? UInt64.max : next
        }
    }

    /// Checks that the samples a constant-size table declares could fit in a file of
    /// `fileSize` bytes. A constant-size `stsz` holds no per-sample bytes, so its count is
    /// otherwise bounded by nothing, and `sampleRanges()`/`compositionTimes()` allocate by it.
    public func validateSampleCount(fileSize: UInt64, path: String, offset: @autoclosure () -> UInt64) throws {
        guard constantSampleSize != 0 else { return }
        let (total, overflow) = UInt64(sampleCount).multipliedReportingOverflow(by: UInt64(constantSampleSize))
        guard !overflow, total <= fileSize else {
            throw ParseError(.tooLarge, "\(sampleCount) samples of \(constantSampleSize) bytes do not fit in a file of \(fileSize) bytes", path: path, offset: offset())
        }
    }
}
