import BinaryIO

/// Which boxes hold child boxes, where their children start and how damage is treated, in one
/// table: adding a container is one line. A rule can depend on the parent (`mebx` only under
/// `stsd`, a `keys` entry only under `keys`, an `ilst` item only under `ilst`): a box no rule
/// names is a leaf, its bytes kept exactly (`data` under an `ilst` item is one).
public enum ContainerRegistry {
    /// The fixed fields before the first child.
    public enum Prefix: Sendable, Equatable {
        case fixed(Int)
        /// `meta`: 0 bytes in QuickTime, 4 (FullBox version/flags) in ISO; told from the bytes.
        case quickTimeOrISOMeta
        /// A FullBox whose entry count is 16 bits in version 0 and 32 bits after (`iinf`).
        case fullBoxWithVersionedCount
    }

    /// How damage inside a container is treated.
    public enum Damage: Sendable, Equatable {
        /// On the media path: a bad child is an error naming its path and offset.
        case isAnError
        /// Optional boxes: the container is kept as a leaf, its bytes as they were.
        case keepsItAsALeaf
        /// Opened by the type that reads the box (after its own bounds checks), never by the
        /// tree parser: HEIF's item boxes, whose counts are checked before any child is parsed.
        case openedByItsReader
    }

    public struct Rule: Sendable {
        public let type: FourCC?
        /// nil: any parent.
        public let parent: FourCC?
        public let prefix: Prefix
        public let damage: Damage
    }

    /// A visual sample entry's fixed fields before its child boxes (ISO/IEC 14496-12 12.1.3):
    /// 6 reserved + 2 data reference index + 16 pre-defined/reserved + width, height (2+2) +
    /// resolutions (4+4) + 4 reserved + frame count (2) + compressor name (32) + depth (2) + 2.
    public static let visualSampleEntryPrefixLength = 78

    /// For one type, the first rule whose parent matches wins.
    public static let rules: [Rule] = [
        // Movie structure.
        .init(type: "moov", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "trak", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "mdia", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "minf", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "stbl", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "dinf", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "edts", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "tref", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "gmhd", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "mvex", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "moof", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "traf", parent: nil, prefix: .fixed(0), damage: .isAnError),
        .init(type: "udta", parent: nil, prefix: .fixed(0), damage: .keepsItAsALeaf),
        .init(type: "tapt", parent: nil, prefix: .fixed(0), damage: .keepsItAsALeaf),
        // Sample descriptions: version/flags + entry count, then entries whose children follow
        // their fixed fields (8 bytes for `mebx`, 78 for a visual sample entry).
        .init(type: "stsd", parent: nil, prefix: .fixed(8), damage: .keepsItAsALeaf),
        .init(type: "mebx", parent: "stsd", prefix: .fixed(8), damage: .keepsItAsALeaf),
        .init(type: "keys", parent: "mebx", prefix: .fixed(0), damage: .keepsItAsALeaf),
        .init(type: nil, parent: "keys", prefix: .fixed(0), damage: .keepsItAsALeaf),
        .init(type: "avc1", parent: "stsd", prefix: .fixed(visualSampleEntryPrefixLength), damage: .keepsItAsALeaf),
        .init(type: "avc3", parent: "stsd", prefix: .fixed(visualSampleEntryPrefixLength), damage: .keepsItAsALeaf),
        .init(type: "hvc1", parent: "stsd", prefix: .fixed(visualSampleEntryPrefixLength), damage: .keepsItAsALeaf),
        .init(type: "hev1", parent: "stsd", prefix: .fixed(visualSampleEntryPrefixLength), damage: .keepsItAsALeaf),
        // Metadata: `meta` in either form; `ilst` items are named by key index (any four bytes).
        .init(type: "meta", parent: nil, prefix: .quickTimeOrISOMeta, damage: .keepsItAsALeaf),
        .init(type: "ilst", parent: "meta", prefix: .fixed(0), damage: .keepsItAsALeaf),
        .init(type: nil, parent: "ilst", prefix: .fixed(0), damage: .keepsItAsALeaf),
        // HEIF item boxes under `meta`.
        .init(type: "iinf", parent: "meta", prefix: .fullBoxWithVersionedCount, damage: .openedByItsReader),
        .init(type: "iref", parent: "meta", prefix: .fixed(4), damage: .openedByItsReader),
        .init(type: "iprp", parent: "meta", prefix: .fixed(0), damage: .openedByItsReader),
        .init(type: "ipco", parent: "iprp", prefix: .fixed(0), damage: .openedByItsReader),
    ]

    /// The table as the parser looks it up, for every box of every file a scan reads: the
    /// types of the rules that name one as bare 32-bit values (a walk over about thirty
    /// integers costs less than hashing a key), then the rules for any type under a parent.
    private struct Index {
        let typedKeys: [UInt32]
        let typedRules: [Rule]
        let anyTypeRules: [Rule]
        /// One bit per named type, at a 6-bit hash of its value: a type whose bit is clear has
        /// no rule of its own, and most boxes (the leaves) are told so by one multiply.
        let typedMask: UInt64

        init(_ rules: [Rule]) {
            let typed = rules.filter { $0.type != nil }
            typedKeys = typed.compactMap { $0.type?.rawValue }
            typedRules = typed
            anyTypeRules = rules.filter { $0.type == nil }
            typedMask = typedKeys.reduce(0) { $0 | Index.bit($1) }
        }

        static func bit(_ raw: UInt32) -> UInt64 { 1 << ((raw &* 0x9E37_79B1) >> 26) }

        func rule(for type: FourCC, parent: FourCC?) -> Rule? {
            if typedMask & Index.bit(type.rawValue) != 0 {
                for i in typedKeys.indices where typedKeys[i] == type.rawValue {
                    let rule = typedRules[i]
                    if rule.parent == nil || rule.parent == parent { return rule }
                }
            }
            guard let parent else { return nil }
            return anyTypeRules.first { $0.parent == parent }
        }
    }

    private static let index = Index(rules)

    /// The rule for a box of `type` inside `parent`, or nil for a leaf. A rule naming the type
    /// wins over one for any type under that parent.
    public static func rule(for type: FourCC, parent: FourCC?) -> Rule? {
        index.rule(for: type, parent: parent)
    }

    /// Bytes before the first child of a box whose payload is `body`.
    public static func prefixLength(_ prefix: Prefix, body: ByteReader) -> Int {
        switch prefix {
        case .fixed(let n): return n
        case .quickTimeOrISOMeta: return QuickTimeMetaForm.prefixLength(of: body)
        case .fullBoxWithVersionedCount: return body.rangeBytes.first == 0 ? 6 : 8
        }
    }
}

extension Atom {
    /// The children of a registered container: as the tree parser opened them, or, for a leaf
    /// (a container it kept as bytes or leaves to its reader), parsed here from the payload after
    /// the registry's prefix, strictly, so damage is an error naming the box. Empty for a box
    /// no rule names.
    public func registeredChildren(parent: FourCC?, path: String, depth: Int) throws -> [Atom] {
        if let children { return children }
        guard let rule = ContainerRegistry.rule(for: type, parent: parent) else { return [] }
        var r = payloadReader(path: path)
        try r.skip(ContainerRegistry.prefixLength(rule.prefix, body: r))
        return try AtomParser.parseChildren(&r, parentPath: path, parentType: type, depth: depth + 1, strict: true)
    }
}

extension Atom {
    /// A reader over the fixed fields at the start of the box: the prefix of an opened
    /// container, the payload of a leaf (with its file offset, for errors).
    public func fixedFieldsReader(path: String) -> ByteReader {
        guard isContainer else { return payloadReader(path: path) }
        let header = UInt64(8 + (userType == nil ? 0 : 16) + (usedLargeSize ? 8 : 0))
        return ByteReader(prefix, baseOffset: (originalOffset ?? 0) + header, path: path)
    }
}
