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
        let keys = try MetadataKeysBox(keysAtom, path: path + "/keys").entries
        var list: [Item] = []
        let ilstPath = path + "/ilst"
        if let ilst = meta.child("ilst") {
            for item in try MetadataItemList(ilst, path: ilstPath).items {
                let index = Int(item.keyIndex)
                for data in item.dataBoxes {
                    guard index >= 1, index <= keys.count else {
                        throw ParseError(.invalidValue, "item names key \(index) of \(keys.count)", path: ilstPath + "/item/data", offset: ilst.originalOffset ?? 0)
                    }
                    list.append(Item(key: keys[index - 1].name, namespace: keys[index - 1].namespace, typeIndicator: data.typeIndicator, locale: data.locale, value: data.value))
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
        var entries: [MetadataKey] = []
        var index: [String: UInt32] = [:]
        for item in items where index[item.key] == nil {
            entries.append(.init(namespace: item.namespace, value: Array(item.key.utf8)))
            index[item.key] = UInt32(entries.count)
        }
        return (MetadataKeysBox(entries: entries).atom(), index)
    }

    /// `ilst` atom for `items` given the key indices from `keysAtom()`: one `data` per item.
    public func itemListAtom(indexOf: [String: UInt32]) -> Atom {
        MetadataItemList(items: items.map { item in
            // Every item's key was put in `indexOf` above.
            MetadataItemList.Item(keyIndex: indexOf[item.key]!, boxes: [.data(.init(typeField: item.typeIndicator, locale: item.locale, value: item.value))])
        }).atom()
    }

    /// A `hdlr` atom for `mdta` metadata, as QuickTime writes it.
    public static func handlerAtom() -> Atom {
        HandlerReference(componentType: FourCC(0), handlerType: "mdta", nameField: [0]).atom()
    }

    /// A new QuickTime-form `meta` atom holding these items.
    public func metaAtom() -> Atom {
        // Built whole from the items: an existing `meta` is edited by `MetadataStringEdit`, which keeps what this model does not hold.
        let (keys, index) = keysAtom()
        return Atom(type: "meta", prefix: [], children: [QuickTimeMetadata.handlerAtom(), keys, itemListAtom(indexOf: index)])
    }
}
