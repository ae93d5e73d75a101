import BinaryIO

/// `infe` (ISO/IEC 14496-12 8.11.6): one item's id, type and name. Versions 0 and 1 have no
/// type (read as `mime`-less, type 0); 2 and 3 have a four-character type, 3 a 32-bit id.
/// Everything after the name (content type, encoding, URI type, extensions) is kept as read.
public struct ItemInfoEntry: Equatable, Sendable {
    public var version: UInt8
    public var flags: UInt32
    public var itemID: UInt32
    public var protectionIndex: UInt16
    /// Versions 2 and 3; nil before.
    public var itemType: FourCC?
    public var itemName: [UInt8]
    /// Whether the name ended with a NUL (it should; a cut-off name is written back cut off).
    public var nameTerminated: Bool
    /// The fields after the name, as stored.
    public var rest: [UInt8]

    public init(itemID: UInt32, itemType: FourCC, name: String = "", hidden: Bool = false) {
        version = itemID > 0xFFFF ? 3 : 2
        flags = hidden ? 1 : 0
        self.itemID = itemID
        protectionIndex = 0
        self.itemType = itemType
        itemName = Array(name.utf8)
        nameTerminated = true
        rest = []
    }

    /// Flag bit 0: the item is not meant to be shown (a tile, say).
    public var isHidden: Bool { flags & 1 != 0 }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let (version, flags) = try r.readVersionFlags(box: "infe", upTo: 3, known: "0 to 3")
        self.version = version
        self.flags = flags
        itemID = version == 3 ? try r.readUInt32() : UInt32(try r.readUInt16())
        protectionIndex = try r.readUInt16()
        itemType = version >= 2 ? try r.readFourCC() : nil
        let tail = r.readRest()
        if let nul = tail.firstIndex(of: 0) {
            itemName = Array(tail[..<nul]); nameTerminated = true; rest = Array(tail[(nul + 1)...])
        } else {
            itemName = tail; nameTerminated = false; rest = []
        }
    }

    public func atom() -> Atom {
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        if version == 3 { w.u32(itemID) } else { w.u16(UInt16(truncatingIfNeeded: itemID)) }
        w.u16(protectionIndex)
        if version >= 2 { w.fourCC(itemType ?? FourCC(0)) }
        w.append(itemName)
        if nameTerminated { w.u8(0) }
        w.append(rest)
        return Atom(type: "infe", payload: w.bytes)
    }

    /// The item's type for display: its four-character code, or "mime"-less v0/v1 as "item".
    public var typeName: String { itemType?.description ?? "item" }

    /// For `mime` items (XMP): the content type that follows the name.
    public var contentType: String? {
        guard itemType == "mime" else { return nil }
        return String(decoding: rest.prefix { $0 != 0 }, as: UTF8.self)
    }
}
