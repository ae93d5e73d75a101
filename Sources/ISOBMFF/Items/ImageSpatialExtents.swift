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

/// A one-byte item property whose low bits hold the value and whose other bits are reserved
/// (`irot`, `imir`): the reserved bits are kept as stored, so the byte writes back unchanged.
struct MaskedPropertyByte: Equatable, Sendable {
    var value: UInt8
    var reserved: UInt8

    init(value: UInt8, mask: UInt8) { self.value = value & mask; reserved = 0 }

    init(_ atom: Atom, path: String, mask: UInt8) throws {
        var r = atom.payloadReader(path: path)
        let b = try r.readUInt8()
        value = b & mask
        reserved = b & ~mask
    }

    func atom(type: FourCC) -> Atom { Atom(type: type, payload: [reserved | value]) }
}

/// `irot` (ISO/IEC 23008-12 6.5.10): rotation anticlockwise in steps of 90 degrees.
public struct ImageRotation: Equatable, Sendable {
    var stored: MaskedPropertyByte
    /// 0...3, times 90 degrees anticlockwise.
    public var quarterTurns: UInt8 { stored.value }

    public init(quarterTurns: UInt8) { stored = MaskedPropertyByte(value: quarterTurns, mask: 3) }
    public init(_ atom: Atom, path: String) throws { stored = try MaskedPropertyByte(atom, path: path, mask: 3) }
    public func atom() -> Atom { stored.atom(type: "irot") }
}

/// `imir` (ISO/IEC 23008-12 6.5.12): a mirror about a vertical (0) or horizontal (1) axis.
/// Mirroring keeps width and height; it is read so `inspect` can show it.
public struct ImageMirror: Equatable, Sendable {
    var stored: MaskedPropertyByte
    public var axis: UInt8 { stored.value }

    public init(axis: UInt8) { stored = MaskedPropertyByte(value: axis, mask: 1) }
    public init(_ atom: Atom, path: String) throws { stored = try MaskedPropertyByte(atom, path: path, mask: 1) }
    public func atom() -> Atom { stored.atom(type: "imir") }
}
