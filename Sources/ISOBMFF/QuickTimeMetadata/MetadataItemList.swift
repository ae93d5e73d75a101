import BinaryIO

/// `ilst` of QuickTime metadata: items named by their 1-based key index, each holding `data`
/// boxes (type indicator, locale, value). Read and written from this one definition; boxes other
/// than `data` inside an item are kept where they were.
public struct MetadataItemList {
    /// `data`: a 4-byte type field (type set byte and well-known type), a locale, the value.
    public struct DataBox: Sendable, Equatable {
        public var typeField: UInt32
        public var locale: UInt32
        public var value: [UInt8]
        public init(typeField: UInt32, locale: UInt32 = 0, value: [UInt8]) { self.typeField = typeField; self.locale = locale; self.value = value }

        /// The well-known type (1 = UTF-8, 21 = signed int, ...), without the type set byte.
        public var typeIndicator: UInt32 { typeField & 0x00FF_FFFF }

        init(_ atom: Atom, path: String) throws {
            var r = atom.payloadReader(path: path)
            typeField = try r.readUInt32()
            locale = try r.readUInt32()
            value = r.readRest()
        }

        public func atom() -> Atom {
            var w = ByteWriter(capacity: 8 + value.count)
            w.u32(typeField); w.u32(locale); w.append(value)
            return Atom(type: "data", payload: w.bytes)
        }
    }

    public enum ItemBox {
        case data(DataBox)
        case other(Atom)
    }

    public struct Item {
        /// 1-based index into the `keys` table (the item box's type).
        public var keyIndex: UInt32
        public var boxes: [ItemBox]
        public init(keyIndex: UInt32, boxes: [ItemBox]) { self.keyIndex = keyIndex; self.boxes = boxes }

        public var dataBoxes: [DataBox] { boxes.compactMap { if case .data(let d) = $0 { d } else { nil } } }
    }

    public var items: [Item]

    public init(items: [Item]) { self.items = items }

    /// Reads `ilst` as the tree parser left it: opened (the registry's usual case), or a leaf
    /// when its boxes did not parse there; then they are parsed here, strictly, so the damage
    /// is a typed error naming the box. An item box the tree parser kept whole is opened the same way.
    public init(_ atom: Atom, path: String) throws {
        let itemAtoms = try atom.registeredChildren(parent: "meta", path: path, depth: 2)
        items = try itemAtoms.map { item in
            let itemPath = path + "/item"
            let boxes = try item.registeredChildren(parent: "ilst", path: itemPath, depth: 3)
            return Item(keyIndex: item.type.rawValue, boxes: try boxes.map { box in
                box.type == "data" && !box.isContainer ? .data(try DataBox(box, path: itemPath + "/data")) : .other(box)
            })
        }
    }

    public func atom() -> Atom {
        Atom(type: "ilst", children: items.map { item in
            Atom(type: FourCC(item.keyIndex), children: item.boxes.map { box in
                switch box {
                case .data(let d): return d.atom()
                case .other(let atom): return atom
                }
            })
        })
    }
}
