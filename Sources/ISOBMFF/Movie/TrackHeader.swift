import BinaryIO

/// `tkhd`: track id, duration in the movie timescale, display size and matrix. Read and written
/// from this one definition: every field is kept (reserved ones too, as stored) and bytes after
/// the last field stay, so an unchanged box writes back byte for byte. A version other than 1
/// is read with the version 0 layout (as readers always did) and written back the same way.
public struct TrackHeader: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    public var creationTime: UInt64
    public var modificationTime: UInt64
    public var trackID: UInt32
    public var reserved1: UInt32
    /// Duration in the movie timescale (32 bits in version 0).
    public var duration: UInt64
    public var reserved2: UInt64
    public var layer: Int16
    public var alternateGroup: Int16
    /// 8.8 fixed point.
    public var volume: UInt16
    public var reserved3: UInt16
    /// The 3x3 matrix a b u / c d v / x y w as stored (a,b,c,d,x,y 16.16; u,v,w 2.30).
    public var matrix: [Int32]
    /// Display width and height as stored (16.16 fixed point).
    public var fixedWidth: UInt32
    public var fixedHeight: UInt32
    /// Bytes after the last field, kept on a re-write.
    public var trailing: [UInt8]

    public static let identityMatrix: [Int32] = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]

    public init(version: UInt8 = 0, flags: UInt32, creationTime: UInt64 = 0, modificationTime: UInt64 = 0, trackID: UInt32,
                duration: UInt64, layer: Int16 = 0, alternateGroup: Int16 = 0, volume: UInt16 = 0,
                matrix: [Int32] = TrackHeader.identityMatrix, fixedWidth: UInt32 = 0, fixedHeight: UInt32 = 0) {
        self.version = version; self.flags = flags; self.creationTime = creationTime; self.modificationTime = modificationTime
        self.trackID = trackID; self.reserved1 = 0; self.duration = duration; self.reserved2 = 0
        self.layer = layer; self.alternateGroup = alternateGroup; self.volume = volume; self.reserved3 = 0
        self.matrix = matrix; self.fixedWidth = fixedWidth; self.fixedHeight = fixedHeight; self.trailing = []
    }

    public init(_ atom: some BoxNode, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        if version == 1 {
            creationTime = try r.readUInt64(); modificationTime = try r.readUInt64()
            trackID = try r.readUInt32(); reserved1 = try r.readUInt32(); duration = try r.readUInt64()
        } else {
            creationTime = UInt64(try r.readUInt32()); modificationTime = UInt64(try r.readUInt32())
            trackID = try r.readUInt32(); reserved1 = try r.readUInt32(); duration = UInt64(try r.readUInt32())
        }
        reserved2 = try r.readUInt64()
        layer = Int16(bitPattern: try r.readUInt16()); alternateGroup = Int16(bitPattern: try r.readUInt16())
        volume = try r.readUInt16(); reserved3 = try r.readUInt16()
        var m: [Int32] = []
        m.reserveCapacity(9)
        for _ in 0..<9 { m.append(try r.readInt32()) }
        matrix = m
        fixedWidth = try r.readUInt32()
        fixedHeight = try r.readUInt32()
        trailing = r.readRest()
    }

    /// The `tkhd` atom. Version 0 fields take the low 32 bits (a caller widening a value sets version 1).
    public func atom() -> Atom {
        var w = ByteWriter(capacity: 104 + trailing.count)
        w.u8(version); w.u24(flags)
        if version == 1 {
            w.u64(creationTime); w.u64(modificationTime); w.u32(trackID); w.u32(reserved1); w.u64(duration)
        } else {
            w.u32(UInt32(truncatingIfNeeded: creationTime)); w.u32(UInt32(truncatingIfNeeded: modificationTime))
            w.u32(trackID); w.u32(reserved1); w.u32(UInt32(truncatingIfNeeded: duration))
        }
        w.u64(reserved2)
        w.u16(UInt16(bitPattern: layer)); w.u16(UInt16(bitPattern: alternateGroup)); w.u16(volume); w.u16(reserved3)
        for v in matrix { w.i32(v) }
        w.u32(fixedWidth); w.u32(fixedHeight)
        w.append(trailing)
        return Atom(type: "tkhd", payload: w.bytes)
    }

    /// Display width and height (16.16 fixed point, as floating point).
    public var width: Double { Double(fixedWidth) / 65536 }
    public var height: Double { Double(fixedHeight) / 65536 }

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
    /// Writes `duration` (movie timescale) into a `tkhd` atom, in the field width its version
    /// has (clamped to 32 bits in version 0); every other byte stays. An atom that does not
    /// parse is left as it is.
    public static func setDuration(_ duration: UInt64, in atom: Atom) {
        guard var header = try? TrackHeader(atom, path: "tkhd") else { return }
        header.duration = header.version == 1 ? duration : UInt64(UInt32(clamping: duration))
        atom.payload = header.atom().payload
    }

    /// `tkhd` flag bit 0: the track is played.
    public static let enabledFlag: UInt32 = 0x1

    public var isEnabled: Bool { flags & TrackHeader.enabledFlag != 0 }

    /// Clears or sets the enabled flag of a `tkhd` atom; every other byte stays. An atom that
    /// does not parse is left as it is.
    public static func setEnabled(_ enabled: Bool, in atom: Atom) {
        guard var header = try? TrackHeader(atom, path: "tkhd") else { return }
        header.flags = enabled ? header.flags | enabledFlag : header.flags & ~enabledFlag
        atom.payload = header.atom().payload
    }
}
