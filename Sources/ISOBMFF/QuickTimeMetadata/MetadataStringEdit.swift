import BinaryIO

/// Sets one text item inside an existing QuickTime `meta` atom by editing only what must change:
/// every other key, item, sub-box (`name`, `mean`, vendor boxes), each `data` atom's type-set
/// byte and locale, and every byte the edit does not reach stay exactly as they were read.
/// (Rebuilding `keys`/`ilst` from the parsed items would drop what the item model does not hold.)
public enum MetadataStringEdit {
    /// Sets `value` as the text of every item named `key` (each of its `data` atoms gets the new
    /// value, keeping its locale; its type stays when it is already UTF-8, else becomes UTF-8),
    /// or adds the key to `keys` and one item to `ilst` when no item holds it.
    /// `meta` must be QuickTime-form `mdta` metadata (the caller checks the handler).
    public static func set(_ value: String, forKey key: String, in meta: Atom, path: String) throws {
        let (keysAtom, ilst) = containers(of: meta)
        let keys = try MetadataKeysBox(keysAtom, path: path + "/keys")
        // Every index naming the key, as the reader matches it (by name, whatever the namespace).
        let indices = Set(keys.entries.indices.filter { keys.entries[$0].name == key }.map { UInt32($0 + 1) })
        let ilstPath = path + "/ilst"
        let items = try opened(ilst, parent: "meta", path: ilstPath, depth: 2)
        let newValue = Array(value.utf8)
        var edited = false
        for item in items where indices.contains(item.type.rawValue) {
            let itemPath = ilstPath + "/item"
            for box in try opened(item, parent: "ilst", path: itemPath, depth: 3) where box.type == "data" && !box.isContainer {
                var data = try MetadataItemList.DataBox(box, path: itemPath + "/data")
                if data.typeIndicator != 1 { data.typeField = 1 }
                data.value = newValue
                box.payload = data.atom().payload
                edited = true
            }
        }
        guard !edited else { return }

        // No item holds the key: reuse its key entry when one exists, else add one.
        appendItem(MetadataItemList.DataBox(typeField: 1, value: newValue), key: key, existingIndices: indices, keys: keys, keysAtom: keysAtom, ilst: ilst)
    }

    /// `meta`'s `keys` and `ilst`, each added (after `hdlr`, after `keys`) when missing, and
    /// `hdlr` first when it has none.
    static func containers(of meta: Atom) -> (keys: Atom, ilst: Atom) {
        var children = meta.children ?? []
        if !children.contains(where: { $0.type == "hdlr" }) { children.insert(QuickTimeMetadata.handlerAtom(), at: 0) }
        let keysAtom: Atom
        if let existing = children.first(where: { $0.type == "keys" }) {
            keysAtom = existing
        } else {
            keysAtom = MetadataKeysBox(entries: []).atom()
            children.insert(keysAtom, at: (children.firstIndex { $0.type == "hdlr" } ?? -1) + 1)
        }
        let ilst: Atom
        if let existing = children.first(where: { $0.type == "ilst" }) {
            ilst = existing
        } else {
            ilst = Atom(type: "ilst", children: [])
            children.insert(ilst, at: (children.firstIndex { $0.type == "keys" } ?? -1) + 1)
        }
        meta.children = children
        return (keysAtom, ilst)
    }

    /// Appends one item holding `data` for `key`: under its existing key entry (the lowest of
    /// `existingIndices`), else under a new entry added to `keys`.
    static func appendItem(_ data: MetadataItemList.DataBox, key: String, existingIndices: Set<UInt32>, keys: MetadataKeysBox, keysAtom: Atom, ilst: Atom) {
        var keys = keys
        let index: UInt32
        if let first = existingIndices.min() {
            index = first
        } else {
            keys.entries.append(.init(namespace: "mdta", value: Array(key.utf8)))
            keysAtom.payload = keys.atom().payload
            index = UInt32(keys.entries.count)
        }
        ilst.children?.append(Atom(type: FourCC(index), children: [data.atom()]))
    }

    /// Adds an item for `key` holding `data` unless an item already holds the key (whatever its
    /// value: a value the file has is never replaced). Every other byte stays.
    public static func addIfMissing(_ data: MetadataItemList.DataBox, forKey key: String, in meta: Atom, path: String) throws {
        let (keysAtom, ilst) = containers(of: meta)
        let keys = try MetadataKeysBox(keysAtom, path: path + "/keys")
        let indices = Set(keys.entries.indices.filter { keys.entries[$0].name == key }.map { UInt32($0 + 1) })
        let items = try opened(ilst, parent: "meta", path: path + "/ilst", depth: 2)
        guard !items.contains(where: { indices.contains($0.type.rawValue) }) else { return }
        appendItem(data, key: key, existingIndices: indices, keys: keys, keysAtom: keysAtom, ilst: ilst)
    }

    /// The children of a container the tree parser may have kept as a leaf; opened in place so
    /// edits to them are serialized (the bytes of an opened box are the same as the leaf's).
    private static func opened(_ atom: Atom, parent: FourCC, path: String, depth: Int) throws -> [Atom] {
        if let children = atom.children { return children }
        // Only a container whose children start at its first byte can trade its payload for them.
        guard ContainerRegistry.rule(for: atom.type, parent: parent)?.prefix == .fixed(0) else {
            throw ParseError(.unsupported, "'\(atom.type)' is not a metadata container", path: path, offset: atom.originalOffset ?? 0)
        }
        let children = try atom.registeredChildren(parent: parent, path: path, depth: depth)
        atom.children = children
        atom.payload = []
        return children
    }
}
