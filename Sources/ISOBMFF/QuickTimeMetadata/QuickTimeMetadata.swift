import BinaryIO

/// Movie-level QuickTime metadata: a `meta` atom with an `mdta` handler, a `keys` table and
/// an `ilst` whose children are named by 1-based key index and hold `data` atoms.
public struct QuickTimeMetadata: Sendable {
    public struct Item: Sendable, Equatable {
        public var key: String
        public var namespace: FourCC
        /// Well-known type: 1 = UTF-8, 21 = signed int, 23 = float32, ...
        public var typeIndicator: UInt32
        public var locale: UInt32
        public var value: [UInt8]

        public init(key: String, namespace: FourCC = "mdta", typeIndicator: UInt32, locale: UInt32 = 0, value: [UInt8]) {
            self.key = key; self.namespace = namespace; self.typeIndicator = typeIndicator; self.locale = locale; self.value = value
        }

        public var decoded: MetadataValue { MetadataValue(typeIndicator: typeIndicator, bytes: value) }
    }

    public var items: [Item]

    public init(items: [Item]) { self.items = items }

    /// Parses `meta`; returns nil when it is not `mdta` metadata (e.g. iTunes-style `mdir`).
    public init?(meta: Atom, path: String) throws {
        guard let children = meta.children else { return nil }
        guard let hdlr = meta.child("hdlr"), (try? HandlerReference(hdlr, path: path + "/hdlr"))?.handlerType == "mdta" else { return nil }
        guard let keysAtom = children.first(where: { $0.type == "keys" }) else { items = []; return }
        var r = keysAtom.payloadReader(path: path + "/keys")
        _ = try r.readVersionFlags()
        let count = try r.readUInt32()
        try r.requireEntries(count, size: 8, what: "key")
        var keys: [(FourCC, String)] = []
        keys.reserveCapacity(Int(count))
        for _ in 0..<count {
            let size = try r.readUInt32()
            guard size >= 8 else { throw r.error(.invalidValue, "key entry size \(size) is below 8") }
            let ns = try r.readFourCC()
            let name = try r.readBytes(Int(size) - 8)
            keys.append((ns, String(decoding: name, as: UTF8.self)))
        }
        var list: [Item] = []
        let ilstPath = path + "/ilst"
        if let ilst = meta.child("ilst") {
            // `ilst` is kept as a leaf by the tree parser; its children are parsed here.
            var lr = ilst.payloadReader(path: ilstPath)
            while !lr.isAtEnd {
                let itemHeader = try BoxHeader.parse(&lr, limit: lr.baseOffset + UInt64(lr.end), path: ilstPath)
                var body = try lr.subReader(Int(itemHeader.payloadSize), path: ilstPath + "/item")
                let index = Int(itemHeader.type.rawValue)
                while !body.isAtEnd {
                    let dh = try BoxHeader.parse(&body, limit: body.baseOffset + UInt64(body.end), path: ilstPath + "/item")
                    var d = try body.subReader(Int(dh.payloadSize), path: ilstPath + "/item/\(dh.type)")
                    guard dh.type == "data" else { continue }
                    let type = try d.readUInt32()
                    let locale = try d.readUInt32()
                    guard index >= 1, index <= keys.count else {
                        throw d.error(.invalidValue, "item names key \(index) of \(keys.count)")
                    }
                    list.append(Item(key: keys[index - 1].1, namespace: keys[index - 1].0, typeIndicator: type & 0x00FF_FFFF, locale: locale, value: d.readRest()))
                }
            }
        }
        items = list
    }

    public func item(forKey key: String) -> Item? { items.first { $0.key == key } }

    public func stringValue(forKey key: String) -> String? {
        guard let item = item(forKey: key), case .string(let s) = item.decoded else { return nil }
        return s
    }

    /// Adds `key` as UTF-8 text or replaces every item with that key by one.
    public mutating func setString(_ value: String, forKey key: String) {
        let item = Item(key: key, typeIndicator: 1, value: Array(value.utf8))
        if let i = items.firstIndex(where: { $0.key == key }) {
            // One item where the first was; every other item with the key goes, even an identical one.
            items = items.enumerated().compactMap { j, old in j == i ? item : (old.key == key ? nil : old) }
        } else {
            items.append(item)
        }
    }

    /// `keys` atom: one entry per distinct key, in first-use order.
    public func keysAtom() -> (atom: Atom, indexOf: [String: UInt32]) {
        var w = ByteWriter()
        var order: [Item] = []
        var index: [String: UInt32] = [:]
        for item in items where index[item.key] == nil {
            order.append(item)
            index[item.key] = UInt32(order.count)
        }
        w.u32(0)
        w.u32(UInt32(order.count))
        for item in order {
            let name = Array(item.key.utf8)
            w.u32(UInt32(8 + name.count))
            w.fourCC(item.namespace)
            w.append(name)
        }
        return (Atom(type: "keys", payload: w.bytes), index)
    }

    /// `ilst` atom for `items` given the key indices from `keysAtom()`.
    public func itemListAtom(indexOf: [String: UInt32]) -> Atom {
        var w = ByteWriter()
        for item in items {
            let dataSize = 16 + item.value.count
            w.u32(UInt32(8 + dataSize))
            w.u32(indexOf[item.key]!)
            w.u32(UInt32(dataSize))
            w.fourCC("data")
            w.u32(item.typeIndicator)
            w.u32(item.locale)
            w.append(item.value)
        }
        return Atom(type: "ilst", payload: w.bytes)
    }

    /// A `hdlr` atom for `mdta` metadata, as QuickTime writes it.
    public static func handlerAtom() -> Atom {
        var w = ByteWriter()
        w.u32(0); w.u32(0); w.fourCC("mdta"); w.zeros(12); w.u8(0)
        return Atom(type: "hdlr", payload: w.bytes)
    }

    /// Writes these items into `meta` (QuickTime form), replacing its `keys` and `ilst` and
    /// keeping its other children (handler, padding) as they were.
    public func write(into meta: Atom) {
        let (keys, index) = keysAtom()
        let ilst = itemListAtom(indexOf: index)
        var children = meta.children ?? []
        if !children.contains(where: { $0.type == "hdlr" }) { children.insert(QuickTimeMetadata.handlerAtom(), at: 0) }
        if let i = children.firstIndex(where: { $0.type == "keys" }) { children[i] = keys }
        else { children.insert(keys, at: (children.firstIndex { $0.type == "hdlr" } ?? -1) + 1) }
        if let i = children.firstIndex(where: { $0.type == "ilst" }) { children[i] = ilst }
        else { children.insert(ilst, at: (children.firstIndex { $0.type == "keys" } ?? -1) + 1) }
        meta.children = children
    }

    /// A new QuickTime-form `meta` atom holding these items.
    public func metaAtom() -> Atom {
        let meta = Atom(type: "meta", prefix: [], children: [QuickTimeMetadata.handlerAtom()])
        write(into: meta)
        return meta
    }
}
