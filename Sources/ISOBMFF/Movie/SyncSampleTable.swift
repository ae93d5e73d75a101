import BinaryIO

/// `stss`: which samples are sync (random access) samples. A track without `stss` has only
/// sync samples.
public struct SyncSampleTable: Sendable, Equatable {
    /// 0-based sample indices in increasing order; nil = every sample is a sync sample.
    public let syncSamples: [Int]?

    public init(syncSamples: [Int]?) { self.syncSamples = syncSamples }

    public init(track: Track) throws {
        guard let stss = track.atom.find("mdia", "minf", "stbl", "stss") else { syncSamples = nil; return }
        var r = stss.payloadReader(path: track.path + "/mdia/minf/stbl/stss")
        _ = try r.readVersionFlags()
        let count = try r.readUInt32()
        try r.requireEntries(count, size: 4, what: "sync sample")
        var list: [Int] = []
        list.reserveCapacity(Int(count))
        for _ in 0..<count {
            let number = try r.readUInt32()
            guard number >= 1, Int(number) - 1 > (list.last ?? -1) else {
                throw r.error(.invalidValue, "sync sample numbers not increasing from 1")
            }
            list.append(Int(number) - 1)
        }
        syncSamples = list
    }

    /// The `stss` atom; nil when every sample is a sync sample (no `stss` says so).
    public func atom() -> Atom? {
        guard let syncSamples else { return nil }
        var w = ByteWriter(capacity: 8 + 4 * syncSamples.count)
        w.u32(0); w.u32(UInt32(syncSamples.count))
        for i in syncSamples { w.u32(UInt32(i + 1)) }
        return Atom(type: "stss", payload: w.bytes)
    }

    /// The last sync sample at or before `index` (decode order), or nil when there is none.
    public func syncSample(atOrBefore index: Int) -> Int? {
        guard let syncSamples else { return index }
        var low = 0, high = syncSamples.count
        while low < high {
            let mid = (low + high) / 2
            if syncSamples[mid] <= index { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : syncSamples[low - 1]
    }
}
