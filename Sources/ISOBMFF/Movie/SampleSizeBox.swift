import BinaryIO

/// `stsz`: one size for every sample, or one size per sample. Read and written from this one
/// definition; bytes after the last entry are kept.
public struct SampleSizeBox: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    /// Non-zero: every sample has this size and `sizes` is empty.
    public var constantSize: UInt32
    public var sampleCount: UInt32
    public var sizes: [UInt32]
    public var trailing: [UInt8]

    /// `sampleCount` samples of `constantSize` bytes each.
    public init(version: UInt8 = 0, flags: UInt32 = 0, constantSize: UInt32, sampleCount: UInt32) {
        self.version = version; self.flags = flags; self.constantSize = constantSize; self.sampleCount = sampleCount
        self.sizes = []; self.trailing = []
    }

    /// One size per sample.
    public init(version: UInt8 = 0, flags: UInt32 = 0, sizes: [UInt32]) {
        self.version = version; self.flags = flags; self.constantSize = 0; self.sampleCount = UInt32(sizes.count)
        self.sizes = sizes; self.trailing = []
    }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        constantSize = try r.readUInt32()
        sampleCount = try r.readUInt32()
        var list: [UInt32] = []
        if constantSize == 0 {
            try r.requireEntries(sampleCount, size: 4, what: "sample size")
            list.reserveCapacity(Int(sampleCount))
            for _ in 0..<sampleCount { list.append(try r.readUInt32()) }
        }
        sizes = list
        trailing = r.readRest()
    }

    public func atom() -> Atom {
        var w = ByteWriter(capacity: 12 + sizes.count * 4 + trailing.count)
        w.u8(version); w.u24(flags)
        w.u32(constantSize)
        w.u32(constantSize == 0 ? UInt32(sizes.count) : sampleCount)
        for s in sizes { w.u32(s) }
        w.append(trailing)
        return Atom(type: "stsz", payload: w.bytes)
    }
}
