import BinaryIO

/// `iprp` (ISO/IEC 23008-12 9.3): the property boxes (`ipco`: `ispe`, `irot`, `hvcC`, `colr`,
/// ...) and which items they apply to (`ipma`, 1-based indexes into `ipco`). Read only: pairing
/// never changes properties, so the box is written back as read.
public struct ItemPropertiesBox {
    /// The property boxes in `ipco` order.
    public let properties: [Atom]
    /// Property indexes (1-based, 0 = none) per item, with the essential bit dropped.
    public let associations: [UInt32: [Int]]

    /// Bounded by what the box holds: every association takes at least one byte.
    public init(_ atom: Atom, path: String) throws {
        let r = atom.payloadReader(path: path)
        try BoxCount.require(r, atMost: 16, what: "boxes in iprp")
        let children = try atom.registeredChildren(parent: "meta", path: path, depth: 2)
        guard let ipco = children.first(where: { $0.type == "ipco" }) else {
            throw ParseError(.invalidValue, "iprp has no ipco", path: path, offset: atom.originalOffset ?? 0)
        }
        try BoxCount.require(ipco.payloadReader(path: path + "/ipco"), atMost: HEIFFile.maximumItems, what: "item properties")
        properties = try ipco.registeredChildren(parent: "iprp", path: path + "/ipco", depth: 3)
        var map: [UInt32: [Int]] = [:]
        for ipma in children where ipma.type == "ipma" {
            let ipmaPath = path + "/ipma"
            var m = ipma.payloadReader(path: ipmaPath)
            let (version, flags) = try m.readVersionFlags()
            let count = try m.readUInt32()
            let idSize = version < 1 ? 2 : 4
            try m.requireEntries(count, size: idSize + 1, what: "ipma entry")
            guard count <= HEIFFile.maximumItems else { throw m.error(.tooLarge, "\(count) property associations: more than the \(HEIFFile.maximumItems) read") }
            for _ in 0..<count {
                let at = m.fileOffset
                let id = idSize == 2 ? UInt32(try m.readUInt16()) : try m.readUInt32()
                let n = Int(try m.readUInt8())
                let wide = flags & 1 != 0
                try m.require(n * (wide ? 2 : 1), "\(n) property associations")
                var list: [Int] = []
                list.reserveCapacity(n)
                for _ in 0..<n {
                    list.append(wide ? Int(try m.readUInt16() & 0x7FFF) : Int(try m.readUInt8() & 0x7F))
                }
                guard map[id] == nil else {
                    throw ParseError(.invalidValue, "item \(id) has two property associations", path: ipmaPath, offset: at)
                }
                map[id] = list
            }
        }
        associations = map
    }

    /// The property boxes associated with `item`, in association order (unknown indexes skipped).
    public func properties(of item: UInt32) -> [Atom] {
        (associations[item] ?? []).compactMap { $0 >= 1 && $0 <= properties.count ? properties[$0 - 1] : nil }
    }
}
