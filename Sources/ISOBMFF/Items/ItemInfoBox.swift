import BinaryIO

/// `iinf` (ISO/IEC 14496-12 8.11.6): the list of `infe` entries. The entry count is 16 bits
/// in version 0 and 32 bits after; it must match the entries present.
public struct ItemInfoBox: Equatable, Sendable {
    public var version: UInt8
    public var flags: UInt32
    public var entries: [ItemInfoEntry]
    /// `infe` boxes of a version after 3: their item id cannot be found, so they are carried
    /// as they were, each at its place among all the entries (lenient on read).
    public var unreadEntries: [UnreadEntry]

    public struct UnreadEntry: Equatable, Sendable {
        /// Its index among all the `infe` boxes, read or not.
        public var position: Int
        /// The box's payload as stored, from its version byte on.
        public var payload: [UInt8]
        public var offset: UInt64?
        public var version: UInt8 { payload.first ?? 0 }
    }

    public init(version: UInt8 = 0, flags: UInt32 = 0, entries: [ItemInfoEntry] = [], unreadEntries: [UnreadEntry] = []) {
        self.version = version; self.flags = flags; self.entries = entries; self.unreadEntries = unreadEntries
    }

    /// The newest `infe` version read (ISO/IEC 14496-12 defines 0 to 3).
    static let newestEntryVersion: UInt8 = 3

    /// The smallest `infe`: header (8), version/flags (4), id (2), protection (2).
    static let minimumEntrySize = 16

    public init(_ atom: Atom, path: String) throws {
        var r = atom.payloadReader(path: path)
        let (version, flags) = try r.readVersionFlags()
        self.version = version
        self.flags = flags
        let count = version == 0 ? UInt32(try r.readUInt16()) : try r.readUInt32()
        try r.requireEntries(count, size: Self.minimumEntrySize, what: "infe")
        guard count <= HEIFFile.maximumItems else { throw r.error(.tooLarge, "\(count) items: more than the \(HEIFFile.maximumItems) read") }
        try BoxCount.require(r, atMost: Int(count), what: "infe boxes (iinf says \(count))")
        // The registry knows where the entries start (after a 16- or 32-bit count by version).
        let children = try atom.registeredChildren(parent: "meta", path: path, depth: 2)
        guard children.count == Int(count) else {
            throw ParseError(.invalidValue, "iinf says \(count) entries but holds \(children.count) boxes", path: path, offset: atom.originalOffset ?? 0)
        }
        var list: [ItemInfoEntry] = [], unread: [UnreadEntry] = []
        list.reserveCapacity(children.count)
        var seen = Set<UInt32>()
        for (i, child) in children.enumerated() {
            if child.type == "infe", let v = child.payload.first, v > Self.newestEntryVersion {
                unread.append(UnreadEntry(position: i, payload: child.payload, offset: child.originalOffset))
                continue
            }
            // `meta/iinf/infe[12]` is built only for an error (a HEIC has dozens of items).
            let entry = try RelativeBoxPath.reading(under: { path + "/infe[\(i + 1)]" }) { childPath in
                guard child.type == "infe" else {
                    throw ParseError(.invalidValue, "iinf holds a '\(child.type)' box where an infe belongs", path: childPath, offset: child.originalOffset ?? 0)
                }
                let entry = try ItemInfoEntry(child, path: childPath)
                guard seen.insert(entry.itemID).inserted else {
                    throw ParseError(.invalidValue, "item \(entry.itemID) is described twice", path: childPath, offset: child.originalOffset ?? 0)
                }
                return entry
            }
            list.append(entry)
        }
        entries = list
        unreadEntries = unread
    }

    public func entry(_ id: UInt32) -> ItemInfoEntry? { entries.first { $0.itemID == id } }

    public func atom() -> Atom {
        var w = ByteWriter()
        let count = entries.count + unreadEntries.count
        let v: UInt8 = count > 0xFFFF ? max(version, 1) : version
        w.u8(v); w.u24(flags)
        if v == 0 { w.u16(UInt16(count)) } else { w.u32(UInt32(count)) }
        var children = entries.map { $0.atom() }
        // Back at their places: positions are indices in the whole list, inserted in order.
        for u in unreadEntries.sorted(by: { $0.position < $1.position }) { children.insert(Atom(type: "infe", payload: u.payload), at: min(u.position, children.count)) }
        return Atom(type: "iinf", prefix: w.bytes, children: children)
    }
}
