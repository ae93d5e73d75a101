import BinaryIO

/// `ispe` (ISO/IEC 23008-12 6.5.3): an image item's width and height as coded, before
/// rotation and mirroring.
public struct ImageSpatialExtents: Equatable, Sendable {
    public var width: UInt32
    public var height: UInt32

    public init(width: UInt32, height: UInt32) { self.width = width; self.height = height }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        _ = try r.readVersionFlags()
        width = try r.readUInt32()
        height = try r.readUInt32()
    }

    public func atom() -> Atom {
        var w = ByteWriter()
        w.u32(0); w.u32(width); w.u32(height)
        return Atom(type: "ispe", payload: w.bytes)
    }
}

/// `irot` (ISO/IEC 23008-12 6.5.10): rotation anticlockwise in steps of 90 degrees.
public struct ImageRotation: Equatable, Sendable {
    /// 0...3, times 90 degrees anticlockwise.
    public var quarterTurns: UInt8
    /// The six reserved bits, kept as stored.
    var reserved: UInt8

    public init(quarterTurns: UInt8) { self.quarterTurns = quarterTurns & 3; reserved = 0 }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let b = try r.readUInt8()
        quarterTurns = b & 3
        reserved = b & 0xFC
    }

    public func atom() -> Atom { Atom(type: "irot", payload: [reserved | quarterTurns]) }
}

/// `imir` (ISO/IEC 23008-12 6.5.12): a mirror about a vertical (0) or horizontal (1) axis.
/// Mirroring keeps width and height; it is read so `inspect` can show it.
public struct ImageMirror: Equatable, Sendable {
    public var axis: UInt8
    var reserved: UInt8

    public init(axis: UInt8) { self.axis = axis & 1; reserved = 0 }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let b = try r.readUInt8()
        axis = b & 1
        reserved = b & 0xFE
    }

    public func atom() -> Atom { Atom(type: "imir", payload: [reserved | axis]) }
}
