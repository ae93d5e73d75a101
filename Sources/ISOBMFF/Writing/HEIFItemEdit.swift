import BinaryIO

/// A plan to give one item of a HEIF file new bytes (or to add a new item), leaving every
/// other item's bytes, every property and every reference as they are. Where the new bytes go:
/// - `inPlace`: over the item's old bytes when they fit its single extent (only in a whole-file
///   write; the item's length shrinks to the new size);
/// - `appended`: in a new `mdat` at the end of the file, with only the item's `iloc` entry
///   rewritten. With unchanged field sizes `meta` keeps its size, so nothing else moves.
/// Adding an item grows `meta` (an `infe`, an `iloc` entry, an `iref`): every absolute
/// (construction method 0) offset after `meta` shifts, never an `idat`-relative one, and
/// `iloc` fields that no longer fit are widened.
public struct HEIFItemEdit {
    public enum Placement: String, Sendable { case inPlace = "in-place", appended }

    /// A new item to add: its type, the item it describes (`cdsc`), and for a `mime` item
    /// (XMP) its content type.
    public struct NewItem {
        public var type: FourCC
        public var describes: UInt32
        public var contentType: String?
        public init(type: FourCC, describes: UInt32, contentType: String? = nil) {
            self.type = type; self.describes = describes; self.contentType = contentType
        }
    }

    public let file: HEIFFile
    public let itemID: UInt32
    public let data: [UInt8]
    public let placement: Placement
    /// The new `meta` box, serialized.
    public let metaBytes: [UInt8]
    /// The `mdat` box appended at the end of the output (empty when the data goes in place).
    public let appendedBytes: [UInt8]
    /// In place: where in the original file the new bytes overwrite the old ones.
    public let patchOffset: UInt64?
    /// How much every byte after `meta` moves in a whole-file write.
    public let shift: Int64

    /// - Parameters:
    ///   - replacing: the item whose bytes change, or nil to add `newItem`.
    ///   - allowInPlace: whether the data may overwrite the old bytes (whole-file writes only).
    ///   - marker: for an append to the file itself, our marker, which then leads the appended bytes.
    public init(file: HEIFFile, replacing: UInt32?, newItem: NewItem?, data: [UInt8], allowInPlace: Bool,
                marker: TailAppendMarker? = nil) throws {
        self.file = file
        self.data = data
        guard !data.isEmpty else { throw ParseError(.invalidValue, "an item needs at least one byte", path: "meta/iloc") }
        var iinf = file.itemInfo
        var iref = file.references
        var iloc = file.locations
        let id = try HEIFItemEdit.itemToWrite(file: file, replacing: replacing, newItem: newItem, byteCount: data.count,
                                              iinf: &iinf, iref: &iref, iloc: &iloc)
        itemID = id
        guard let index = iloc.items.firstIndex(where: { $0.itemID == id }) else {
            throw ParseError(.invalidValue, "item \(id) has no location", path: "meta/iloc", offset: file.metaHeader.offset)
        }
        let inPlaceTarget = allowInPlace && replacing != nil
            ? try HEIFItemEdit.inPlaceTarget(of: iloc.items[index], byteCount: data.count, file: file) : nil
        if inPlaceTarget == nil { try HEIFItemEdit.giveLengthsToOpenExtents(&iloc, except: id, file: file) }
        var metaAtom = file.meta
        // Appended bytes go before someone's trailer, which stays last (a whole-file write).
        let appendAt = file.appendOffset
        let oldMeta = file.metaHeader
        var result: (meta: [UInt8], appended: [UInt8]) = ([], [])
        var shift: Int64 = 0
        // Growing meta moves the appended data, which may widen iloc, which grows meta: the
        // shared offset pass repeats the layout until the shift it assumed is the one it made.
        try OffsetFixup.settle(from: Int64(0), failure: ParseError(.invalidValue, "item offsets do not settle", path: "meta/iloc", offset: oldMeta.offset)) { assumed in
            var edited = iloc
            try HEIFItemEdit.shiftAbsoluteOffsets(&edited, by: assumed, after: oldMeta, except: id, file: file)
            var appended: [UInt8] = []
            if inPlaceTarget != nil {
                edited.items[index].extents[0].length = UInt64(data.count)
            } else {
                let newSize = UInt64(Int64(appendAt) + assumed) + UInt64(marker == nil ? 0 : TailAppendMarker.size)
                edited.items[index].methodField &= 0xFFF0          // construction method 0: file offset
                edited.items[index].dataReferenceIndex = 0
                // Where extent offsets take no bytes, the base offset carries the position.
                let inBase = edited.offsetSize == 0 && edited.baseOffsetSize > 0
                edited.items[index].baseOffset = inBase ? newSize + 8 : 0
                edited.items[index].extents = [.init(offset: inBase ? 0 : newSize + 8, length: UInt64(data.count))]
                var w = ByteWriter(capacity: data.count + 8 + TailAppendMarker.size)
                if let marker { w.append(marker.bytes) }
                w.append(BoxHeader.bytes(type: "mdat", payloadSize: UInt64(data.count))); w.append(data)
                appended = w.bytes
            }
            metaAtom = HEIFItemEdit.replacing(in: file.meta, iloc: try edited.widenedAtom(),
                                              iinf: replacing == nil ? iinf.atom() : nil, iref: replacing == nil ? iref.atom() : nil,
                                              idatPatch: inPlaceTarget?.idatRelative.map { ($0, data) })
            result = (metaAtom.serialized(), appended)
            shift = assumed
            return Int64(metaAtom.size) - Int64(oldMeta.size)
        }
        metaBytes = result.meta
        appendedBytes = result.appended
        placement = inPlaceTarget == nil ? .appended : .inPlace
        patchOffset = inPlaceTarget.flatMap { $0.idatRelative == nil ? $0.absolute : nil }
        self.shift = shift
    }

    /// The id of the item whose bytes are written: `replacing`, or a new hidden item (with its
    /// `infe`, its `cdsc` reference and an `iloc` entry) after the highest id in use.
    static func itemToWrite(file: HEIFFile, replacing: UInt32?, newItem: NewItem?, byteCount: Int,
                            iinf: inout ItemInfoBox, iref: inout ItemReferenceBox, iloc: inout ItemLocationBox) throws -> UInt32 {
        if let replacing {
            guard iloc.item(replacing) != nil else {
                throw ParseError(.invalidValue, "item \(replacing) has no location", path: "meta/iloc", offset: file.metaHeader.offset)
            }
            return replacing
        }
        guard let newItem else { preconditionFailure("either an item to replace or a new item") }
        let top = max(iinf.entries.map(\.itemID).max() ?? 0, iloc.items.map(\.itemID).max() ?? 0)
        guard top < UInt32.max else {
            throw ParseError(.tooLarge, "no free item id", path: "meta/iinf", offset: file.metaHeader.offset)
        }
        let id = top + 1
        var entry = ItemInfoEntry(itemID: id, itemType: newItem.type, hidden: true)
        if let contentType = newItem.contentType { entry.rest = Array(contentType.utf8) + [0] }
        iinf.entries.append(entry)
        iref.references.append(.init(type: "cdsc", fromItemID: id, toItemIDs: [newItem.describes]))
        iloc.items.append(.init(itemID: id, extents: [.init(offset: 0, length: UInt64(byteCount))]))
        return id
    }

    /// In place: one extent the new bytes fit into (outside `meta`, or in `idat`); only its
    /// length changes. Nil when the item cannot be written where it lies.
    static func inPlaceTarget(of item: ItemLocationBox.Item, byteCount: Int, file: HEIFFile) throws -> (absolute: UInt64, idatRelative: UInt64?)? {
        guard item.extents.count == 1, let range = try file.dataRanges(of: item).first,
              UInt64(byteCount) <= range.upperBound - range.lowerBound else { return nil }
        switch item.constructionMethod {
        case .fileOffset where range.lowerBound >= file.metaHeader.end || range.upperBound <= file.metaHeader.offset:
            return (range.lowerBound, nil)
        case .idatOffset:
            guard let idat = file.idat else { return nil }
            return (range.lowerBound, range.lowerBound - idat.lowerBound)
        default: return nil
        }
    }

    /// An extent of length 0 runs to the end of the file: once bytes are appended it would take
    /// them in. Gives such extents (of items other than `except`) their length, which the
    /// layout widens the length field for if needed.
    static func giveLengthsToOpenExtents(_ iloc: inout ItemLocationBox, except id: UInt32, file: HEIFFile) throws {
        for i in iloc.items.indices where iloc.items[i].itemID != id && iloc.items[i].constructionMethod == .fileOffset
            && iloc.items[i].extents.contains(where: { $0.length == 0 }) {
            let ranges = try file.dataRanges(of: iloc.items[i])
            for e in iloc.items[i].extents.indices where iloc.items[i].extents[e].length == 0 {
                iloc.items[i].extents[e].length = ranges[e].upperBound - ranges[e].lowerBound
            }
        }
    }

    /// Whether the new `meta` has the old one's size, so the file can be edited without moving anything.
    public var keepsMetaSize: Bool { UInt64(metaBytes.count) == file.metaHeader.size }

    /// Moves every absolute offset that points past the old `meta` by `delta` (through the shared
    /// `AbsoluteOffsetTable` relocation), leaving the item being written as it is. Data inside the
    /// old `meta` (other than through `idat`) cannot be followed when `meta` changes size.
    static func shiftAbsoluteOffsets(_ iloc: inout ItemLocationBox, by delta: Int64, after meta: BoxHeader, except: UInt32, file: HEIFFile) throws {
        guard delta != 0 else { return }
        for item in iloc.items where item.itemID != except && item.constructionMethod == .fileOffset {
            let ranges = try file.dataRanges(of: item)
            if ranges.contains(where: { $0.lowerBound < meta.end && $0.upperBound > meta.offset }) {
                throw ParseError(.unsupported, "item \(item.itemID) lies inside 'meta'; its bytes would move", path: "meta/iloc", offset: meta.offset)
            }
        }
        let kept = iloc.items.firstIndex { $0.itemID == except }.map { ($0, iloc.items[$0]) }
        iloc.relocateOffsets { $0 >= meta.end ? UInt64(Int64($0) + delta) : $0 }
        if let (i, item) = kept { iloc.items[i] = item }
    }

    /// A copy of `meta` with new `iloc` (and `iinf`/`iref` when given; an `iref` is added if
    /// there was none) and an optional overwrite inside `idat`; other children are shared.
    static func replacing(in meta: Atom, iloc: Atom, iinf: Atom?, iref: Atom?, idatPatch: (UInt64, [UInt8])?) -> Atom {
        var children = meta.children ?? []
        func put(_ atom: Atom) {
            if let i = children.firstIndex(where: { $0.type == atom.type }) {
                atom.usedLargeSize = children[i].usedLargeSize
                children[i] = atom
            } else {
                children.append(atom)
            }
        }
        put(iloc)
        if let iinf { put(iinf) }
        if let iref { put(iref) }
        if let (offset, bytes) = idatPatch, let i = children.firstIndex(where: { $0.type == "idat" }) {
            var payload = children[i].payload
            payload.replaceSubrange(Int(offset)..<Int(offset) + bytes.count, with: bytes)
            let idat = Atom(type: "idat", payload: payload)
            idat.usedLargeSize = children[i].usedLargeSize
            children[i] = idat
        }
        let copy = Atom(type: "meta", prefix: meta.prefix, children: children)
        copy.usedLargeSize = meta.usedLargeSize
        return copy
    }
}
