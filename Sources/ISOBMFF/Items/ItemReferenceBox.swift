import BinaryIO

/// `iref` (ISO/IEC 14496-12 8.11.12): typed references from one item to others (`dimg` grid →
/// tiles, `thmb` thumbnail → image, `cdsc` metadata → image, `auxl` depth/gain map → image).
/// Version 0 stores 16-bit item ids, version 1 32-bit ones.
public struct ItemReferenceBox: Equatable, Sendable {
    public struct Reference: Equatable, Sendable {
        public var type: FourCC
        public var fromItemID: UInt32
        public var toItemIDs: [UInt32]
        public init(type: FourCC, fromItemID: UInt32, toItemIDs: [UInt32]) { self.type = type; self.fromItemID = fromItemID; self.toItemIDs = toItemIDs }
    }

    public var version: UInt8
    public var flags: UInt32
    public var references: [Reference]

    public init(version: UInt8 = 0, flags: UInt32 = 0, references: [Reference] = []) {
        self.version = version; self.flags = flags; self.references = references
    }

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let (version, flags) = try r.readVersionFlags(box: "iref", upTo: 1, known: "0 or 1")
        self.version = version
        self.flags = flags
        let idSize = version == 0 ? 2 : 4
        try BoxCount.require(r, atMost: HEIFFile.maximumItems, what: "item references")
        var list: [Reference] = []
        // The reference boxes follow version/flags (the registry's prefix); each is a leaf.
        for child in try atom.registeredChildren(parent: "meta", path: path, depth: 2) {
            // The reference's own path (`meta/iref/dimg`) is built only for an error.
            let reference = try RelativeBoxPath.reading(under: { path + "/" + child.type.description }) { childPath in
                var body = child.payloadReader(path: childPath)
                let from = idSize == 2 ? UInt32(try body.readUInt16()) : try body.readUInt32()
                let count = try body.readUInt16()
                try body.requireEntries(UInt32(count), size: idSize, what: "reference")
                var to: [UInt32] = []
                to.reserveCapacity(Int(count))
                for _ in 0..<count { to.append(idSize == 2 ? UInt32(try body.readUInt16()) : try body.readUInt32()) }
                guard body.isAtEnd else {
                    throw ParseError(.invalidValue, "\(body.remaining) bytes after the item ids of a '\(child.type)' reference", path: path, offset: child.originalOffset ?? 0)
                }
                return Reference(type: child.type, fromItemID: from, toItemIDs: to)
            }
            list.append(reference)
        }
        references = list
    }

    /// Items `from` points at with references of `type`.
    public func targets(of from: UInt32, type: FourCC) -> [UInt32] {
        references.filter { $0.fromItemID == from && $0.type == type }.flatMap(\.toItemIDs)
    }

    /// Items that point at `to` with references of `type`.
    public func sources(to: UInt32, type: FourCC) -> [UInt32] {
        references.filter { $0.type == type && $0.toItemIDs.contains(to) }.map(\.fromItemID)
    }

    public func atom() -> Atom {
        let wide = version == 1 || references.contains { $0.fromItemID > 0xFFFF || $0.toItemIDs.contains { $0 > 0xFFFF } }
        var w = ByteWriter()
        w.u8(wide ? 1 : 0); w.u24(flags)
        for ref in references {
            let size = 8 + (wide ? 4 : 2) + 2 + ref.toItemIDs.count * (wide ? 4 : 2)
            BoxHeader.write(type: ref.type, size: UInt64(size), into: &w)
            if wide { w.u32(ref.fromItemID) } else { w.u16(UInt16(ref.fromItemID)) }
            w.u16(UInt16(ref.toItemIDs.count))
            for id in ref.toItemIDs { if wide { w.u32(id) } else { w.u16(UInt16(id)) } }
        }
        return Atom(type: "iref", payload: w.bytes)
    }
}
