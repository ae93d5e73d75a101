import BinaryIO

/// A `mebx` sample entry (QuickTime timed metadata): the sample entry's fixed fields, then a
/// `keys` box declaring each local key id (`keyd` the key, `dtyp` its data type). Read and
/// written from this one definition. Boxes this type does not model (`sdpd`, `setu`, `ctps`,
/// `btrt`, ...) are kept where they were, so an entry read from a file writes back byte for byte.
public struct MetadataSampleEntry {
    /// `keyd`: the key's namespace (`mdta`) and value (the key name, as stored).
    public struct KeyDefinition: Sendable, Equatable {
        public var namespace: FourCC
        public var value: [UInt8]
        public init(namespace: FourCC = "mdta", value: [UInt8]) { self.namespace = namespace; self.value = value }
    }

    /// `dtyp`: namespace 0 and a well-known type number (65 = signed 8-bit), or another
    /// namespace and a type name.
    public struct DataType: Sendable, Equatable {
        public var namespace: UInt32
        public var value: [UInt8]
        public init(wellKnown type: UInt32) {
            namespace = 0
            var w = ByteWriter(); w.u32(type); value = w.bytes
        }
        public init(namespace: UInt32, value: [UInt8]) { self.namespace = namespace; self.value = value }

        /// The well-known type number, when the namespace is 0.
        public var wellKnownType: UInt32? {
            guard namespace == 0, value.count >= 4 else { return nil }
            return value.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
    }

    /// One child of a key declaration, in stored order.
    public enum DeclarationBox {
        case key(KeyDefinition)
        case dataType(DataType)
        case other(Atom)
    }

    /// One key of the `keys` box: its local id (the box type) and its boxes.
    public struct KeyDeclaration {
        public var localID: UInt32
        public var boxes: [DeclarationBox]

        public init(localID: UInt32, key: KeyDefinition, dataType: DataType) {
            self.localID = localID; self.boxes = [.key(key), .dataType(dataType)]
        }

        public var key: KeyDefinition? { boxes.lazy.compactMap { if case .key(let k) = $0 { k } else { nil } }.first }
        public var dataType: DataType? { boxes.lazy.compactMap { if case .dataType(let d) = $0 { d } else { nil } }.first }
    }

    /// One child of the sample entry, in stored order: the key table, or a box kept as read
    /// (a key entry that is not a box container is kept as read too).
    public enum Child {
        case keys([KeyDeclarationOrBox])
        case other(Atom)
    }

    public enum KeyDeclarationOrBox {
        case declaration(KeyDeclaration)
        case unparsed(Atom)
    }

    /// The sample entry's 6 reserved bytes, as stored.
    public var reserved: [UInt8]
    public var dataReferenceIndex: UInt16
    public var children: [Child]

    public init(dataReferenceIndex: UInt16 = 1, declarations: [KeyDeclaration]) {
        reserved = Array(repeating: 0, count: 6)
        self.dataReferenceIndex = dataReferenceIndex
        children = [.keys(declarations.map { .declaration($0) })]
    }

    /// Reads a `mebx` atom the tree parser opened (prefix = the 8 fixed bytes).
    public init(_ atom: Atom, path: String) throws {
        guard let boxes = atom.children, atom.prefix.count == 8 else {
            throw ParseError(.invalidValue, "the mebx sample entry's boxes do not parse", path: path, offset: atom.originalOffset ?? 0)
        }
        reserved = Array(atom.prefix.prefix(6))
        dataReferenceIndex = UInt16(atom.prefix[6]) << 8 | UInt16(atom.prefix[7])
        children = try boxes.map { box in
            guard box.type == "keys", let entries = box.children, box.prefix.isEmpty else { return .other(box) }
            return .keys(try entries.map { entry in
                guard let parts = entry.children, entry.prefix.isEmpty else { return .unparsed(entry) }
                return .declaration(KeyDeclaration(localID: entry.type.rawValue, boxes: try parts.map { part in
                    // The part's path (`.../keys/keyd`) is built only for an error.
                    try RelativeBoxPath.reading(under: { path + "/keys/\(part.type)" }) { partPath in
                        switch part.type {
                        case "keyd" where !part.isContainer:
                            var r = part.payloadReader(path: partPath)
                            return .key(KeyDefinition(namespace: try r.readFourCC(), value: r.readRest()))
                        case "dtyp" where !part.isContainer:
                            var r = part.payloadReader(path: partPath)
                            return .dataType(DataType(namespace: try r.readUInt32(), value: r.readRest()))
                        default:
                            return .other(part)
                        }
                    }
                }))
            })
        }
    }

    /// Every key declaration, in order.
    public var declarations: [KeyDeclaration] {
        children.flatMap { child -> [KeyDeclaration] in
            guard case .keys(let list) = child else { return [] }
            return list.compactMap { if case .declaration(let d) = $0 { d } else { nil } }
        }
    }

    public func atom() -> Atom {
        var prefix = ByteWriter(capacity: 8)
        prefix.append(reserved); prefix.u16(dataReferenceIndex)
        return Atom(type: "mebx", prefix: prefix.bytes, children: children.map { child in
            switch child {
            case .other(let atom): return atom
            case .keys(let entries):
                return Atom(type: "keys", children: entries.map { entry in
                    switch entry {
                    case .unparsed(let atom): return atom
                    case .declaration(let d):
                        return Atom(type: FourCC(d.localID), children: d.boxes.map { box in
                            var w = ByteWriter()
                            switch box {
                            case .other(let atom): return atom
                            case .key(let k): w.fourCC(k.namespace); w.append(k.value); return Atom(type: "keyd", payload: w.bytes)
                            case .dataType(let t): w.u32(t.namespace); w.append(t.value); return Atom(type: "dtyp", payload: w.bytes)
                            }
                        })
                    }
                })
            }
        })
    }
}

extension MetadataSampleEntry.KeyDeclaration {
    init(localID: UInt32, boxes: [MetadataSampleEntry.DeclarationBox]) { self.localID = localID; self.boxes = boxes }
}
