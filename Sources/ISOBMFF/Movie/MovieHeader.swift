import BinaryIO

/// `mvhd`: the movie's timescale, duration and the next free track id.
public struct MovieHeader: Sendable {
    public var version: UInt8
    public var timescale: UInt32
    public var duration: UInt64
    public var nextTrackID: UInt32
    /// Creation time: seconds since 1904-01-01 00:00 UTC (0 when the writer left it unset).
    public var creationTime: UInt64

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        version = try r.readVersionFlags().version
        if version == 1 { creationTime = try r.readUInt64(); try r.skip(8); timescale = try r.readUInt32(); duration = try r.readUInt64() }
        else { creationTime = UInt64(try r.readUInt32()); try r.skip(4); timescale = try r.readUInt32(); duration = UInt64(try r.readUInt32()) }
        try r.skip(4 + 2 + 10 + 36 + 24)
        nextTrackID = try r.readUInt32()
        guard timescale > 0 else { throw r.error(.invalidValue, "movie timescale is 0") }
    }

    /// Offset of next_track_ID within the mvhd payload.
    static func nextTrackIDOffset(version: UInt8) -> Int { (version == 1 ? 4 + 28 : 4 + 16) + 4 + 2 + 10 + 36 + 24 }

    /// Writes `nextTrackID` back into the atom's payload.
    public static func setNextTrackID(_ id: UInt32, in atom: Atom) {
        let at = nextTrackIDOffset(version: atom.payload.first ?? 0)
        guard atom.payload.count >= at + 4 else { return }
        for i in 0..<4 { atom.payload[at + i] = UInt8((id >> UInt32(24 - 8 * i)) & 0xFF) }
    }

    public var durationSeconds: Double { Double(duration) / Double(timescale) }
}
