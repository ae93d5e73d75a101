import BinaryIO

/// `gmin` (QuickTime base media info, inside `gmhd`): graphics mode, op color and balance of a
/// generic media track such as timed metadata. Read and written from this one definition;
/// bytes after the fields are kept.
public struct BaseMediaInfo: Sendable, Equatable {
    public var version: UInt8
    public var flags: UInt32
    /// 0x40: dither copy, what QuickTime writes.
    public var graphicsMode: UInt16
    public var opColor: [UInt16]
    public var balance: Int16
    public var reserved: UInt16
    public var trailing: [UInt8]

    public init(version: UInt8 = 0, flags: UInt32 = 0, graphicsMode: UInt16 = 0x40,
                opColor: [UInt16] = [0x8000, 0x8000, 0x8000], balance: Int16 = 0, reserved: UInt16 = 0) {
        self.version = version; self.flags = flags; self.graphicsMode = graphicsMode
        self.opColor = opColor; self.balance = balance; self.reserved = reserved; self.trailing = []
    }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        (version, flags) = try r.readVersionFlags()
        graphicsMode = try r.readUInt16()
        opColor = [try r.readUInt16(), try r.readUInt16(), try r.readUInt16()]
        balance = Int16(bitPattern: try r.readUInt16())
        reserved = try r.readUInt16()
        trailing = r.readRest()
    }

    /// The `gmin` atom.
    public func atom() -> Atom {
        var w = ByteWriter(capacity: 16 + trailing.count)
        w.u8(version); w.u24(flags)
        w.u16(graphicsMode)
        for c in opColor.prefix(3) { w.u16(c) }
        for _ in opColor.count..<max(opColor.count, 3) { w.u16(0) }
        w.u16(UInt16(bitPattern: balance)); w.u16(reserved)
        w.append(trailing)
        return Atom(type: "gmin", payload: w.bytes)
    }

    /// `gmhd` holding this `gmin`: the media header of a generic (e.g. metadata) track.
    public func headerAtom() -> Atom { Atom(type: "gmhd", children: [atom()]) }
}
