import BinaryIO

/// `tkhd`: track id, duration in the movie timescale, display size and matrix.
public struct TrackHeader: Sendable {
    public var trackID: UInt32
    public var duration: UInt64
    public var flags: UInt32
    /// Display width and height (16.16 fixed point, as floating point).
    public var width: Double
    public var height: Double
    /// The 3x3 matrix a b u / c d v / x y w as stored (a,b,c,d,x,y 16.16; u,v,w 2.30).
    public var matrix: [Int32]

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let (version, flags) = try r.readVersionFlags()
        self.flags = flags
        if version == 1 { try r.skip(16); trackID = try r.readUInt32(); try r.skip(4); duration = try r.readUInt64() }
        else { try r.skip(8); trackID = try r.readUInt32(); try r.skip(4); duration = UInt64(try r.readUInt32()) }
        try r.skip(8 + 2 + 2 + 2 + 2)
        var m: [Int32] = []
        for _ in 0..<9 { m.append(try r.readInt32()) }
        matrix = m
        width = Double(try r.readUInt32()) / 65536
        height = Double(try r.readUInt32()) / 65536
    }

    /// Rotation in degrees (0, 90, 180, 270) read off the matrix; other matrices count as 0.
    public var rotationDegrees: Int {
        let a = matrix[0], b = matrix[1], c = matrix[3], d = matrix[4]
        let one: Int32 = 0x10000
        if a == 0 && b == one && c == -one && d == 0 { return 90 }
        if a == -one && b == 0 && c == 0 && d == -one { return 180 }
        if a == 0 && b == -one && c == one && d == 0 { return 270 }
        return 0
    }
}

extension TrackHeader {
    /// Writes `duration` (movie timescale) into a `tkhd` atom's payload in place, in the field
    /// width its version has (clamped to 32 bits in version 0); every other byte stays.
    public static func setDuration(_ duration: UInt64, in atom: Atom) {
        let version = atom.payload.first ?? 0
        let at = version == 1 ? 4 + 16 + 8 : 4 + 8 + 8
        let width = version == 1 ? 8 : 4
        guard atom.payload.count >= at + width else { return }
        let value = version == 1 ? duration : UInt64(UInt32(clamping: duration))
        for i in 0..<width { atom.payload[at + i] = UInt8((value >> UInt64(8 * (width - 1 - i))) & 0xFF) }
    }
}
