import BinaryIO

/// `pitm`: the id of the item a reader shows (16 bits in version 0, 32 in version 1).
public struct PrimaryItemBox: Equatable, Sendable {
    public var version: UInt8
    public var flags: UInt32
    public var itemID: UInt32

    public init(itemID: UInt32) { version = itemID > 0xFFFF ? 1 : 0; flags = 0; self.itemID = itemID }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags(box: "pitm", upTo: 1, known: "0 or 1")
        itemID = version == 0 ? UInt32(try r.readUInt16()) : try r.readUInt32()
    }

    public func atom() -> Atom {
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        if version == 0 { w.u16(UInt16(truncatingIfNeeded: itemID)) } else { w.u32(itemID) }
        return Atom(type: "pitm", payload: w.bytes)
    }
}
