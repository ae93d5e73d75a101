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

/// Which one-byte item property (`irot`, `imir`): its box type and the bits that hold its value.
public protocol ItemPropertyByteKind: Sendable {
    static var type: FourCC { get }
    static var mask: UInt8 { get }
}

/// A one-byte item property whose low bits hold the value and whose other bits are reserved
/// (`irot`, `imir`): read and written here for both; the reserved bits are kept as stored, so
/// the byte writes back unchanged.
public struct ItemPropertyByte<Kind: ItemPropertyByteKind>: Equatable, Sendable {
    /// The value bits (`Kind.mask`).
    public var value: UInt8
    var reserved: UInt8


    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let b = try r.readUInt8()
        value = b & Kind.mask
        reserved = b & ~Kind.mask
    }

    public func atom() -> Atom { Atom(type: Kind.type, payload: [reserved | value]) }
}

/// `irot` (ISO/IEC 23008-12 6.5.10): rotation anticlockwise in steps of 90 degrees.
public enum RotationProperty: ItemPropertyByteKind { public static let type: FourCC = "irot"; public static let mask: UInt8 = 3 }
public typealias ImageRotation = ItemPropertyByte<RotationProperty>
extension ItemPropertyByte where Kind == RotationProperty {
    /// 0...3, times 90 degrees anticlockwise.
    public var quarterTurns: UInt8 { value }
}

/// `imir` (ISO/IEC 23008-12 6.5.12): a mirror about a vertical (0) or horizontal (1) axis.
/// Mirroring keeps width and height; it is read so `inspect` can show it.
public enum MirrorProperty: ItemPropertyByteKind { public static let type: FourCC = "imir"; public static let mask: UInt8 = 1 }
public typealias ImageMirror = ItemPropertyByte<MirrorProperty>
extension ItemPropertyByte where Kind == MirrorProperty {
    public var axis: UInt8 { value }
}
