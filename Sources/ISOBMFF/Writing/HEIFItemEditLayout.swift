import BinaryIO

extension HEIFItemEdit {
    /// Where an item's new bytes go over its old ones: its one extent (outside `meta`, or in
    /// `idat`, then `idatRelative` is the offset in `idat`'s payload).
    struct InPlaceTarget {
        let range: Range<UInt64>
        let idatRelative: UInt64?
        var absolute: UInt64 { range.lowerBound }
    }

    /// The id of the item whose bytes are written: the one replaced, or a new hidden item (with
    /// its `infe`, its `cdsc` reference and an `iloc` entry) after the highest id in use.
    static func itemToWrite(file: HEIFFile, change: Change,
                            iinf: inout ItemInfoBox, iref: inout ItemReferenceBox, iloc: inout ItemLocationBox) throws -> UInt32 {
        switch change.target {
        case .replacing(let id):
            guard iloc.item(id) != nil else {
                throw ParseError(.invalidValue, "item \(id) has no location", path: "meta/iloc", offset: file.metaHeader.offset)
            }
            // An item made of this one's bytes (construction method 2, through an `iloc`
            // reference) would change with it: refused rather than changed unasked.
            if let built = iloc.items.first(where: { $0.constructionMethod == .itemOffset && iref.targets(of: $0.itemID, type: "iloc").contains(id) }) {
                throw ParseError(.unsupported, "item \(built.itemID) is made of the bytes of item \(id), which this edit replaces", path: "meta/iref", offset: file.metaHeader.offset)
            }
            return id
        case .adding(let newItem):
            // An entry whose id cannot be read may hold the id chosen next.
            if let unread = iinf.unreadEntries.first {
                throw ParseError(.unsupported, "item entry \(unread.position + 1) is an infe of version \(unread.version), whose item id is not read: no new item id can be chosen", path: "meta/iinf/infe[\(unread.position + 1)]", offset: unread.offset ?? file.metaHeader.offset)
            }
            let top = max(iinf.entries.map(\.itemID).max() ?? 0, iloc.items.map(\.itemID).max() ?? 0)
            guard top < UInt32.max else {
                throw ParseError(.tooLarge, "no free item id", path: "meta/iinf", offset: file.metaHeader.offset)
            }
            let id = top + 1
            var entry = ItemInfoEntry(itemID: id, itemType: newItem.type, hidden: true)
            if let contentType = newItem.contentType { entry.rest = Array(contentType.utf8) + [0] }
            iinf.entries.append(entry)
            iref.references.append(.init(type: "cdsc", fromItemID: id, toItemIDs: [newItem.describes]))
            iloc.items.append(.init(itemID: id, extents: [.init(offset: 0, length: UInt64(change.data.count))]))
            return id
        }
    }

    /// For each change, where its bytes go in place, or nil (appended): only a replaced item,
    /// only when `allowed`, and never over bytes an earlier change of this edit writes in place.
    static func inPlaceTargets(changes: [Change], ids: [UInt32], iloc: ItemLocationBox, file: HEIFFile, allowed: Bool) throws -> [InPlaceTarget?] {
        var targets: [InPlaceTarget?] = []
        for (change, id) in zip(changes, ids) {
            guard allowed, change.replaced != nil, let item = iloc.item(id),
                  let target = try inPlaceTarget(of: item, byteCount: change.data.count, file: file),
                  !targets.contains(where: { $0.map { $0.range.overlaps(target.range) } ?? false }) else {
                targets.append(nil); continue
            }
            targets.append(target)
        }
        return targets
    }

    /// In place: one extent the new bytes fit into (outside `meta`, or in `idat`); only its
    /// length changes. Nil when the item cannot be written where it lies.
    static func inPlaceTarget(of item: ItemLocationBox.Item, byteCount: Int, file: HEIFFile) throws -> InPlaceTarget? {
        guard item.extents.count == 1, let range = try file.dataRanges(of: item).first,
              UInt64(byteCount) <= range.upperBound - range.lowerBound else { return nil }
        switch item.constructionMethod {
        case .fileOffset where range.lowerBound >= file.metaHeader.end || range.upperBound <= file.metaHeader.offset:
            return InPlaceTarget(range: range, idatRelative: nil)
        case .idatOffset:
            guard let idat = file.idat else { return nil }
            return InPlaceTarget(range: range, idatRelative: range.lowerBound - idat.lowerBound)
        default: return nil
        }
    }

    /// An extent of length 0 runs to the end of the file: once bytes are appended it would take
    /// them in. Gives such extents (of items other than `except`) their length, which the
    /// layout widens the length field for if needed.
    static func giveLengthsToOpenExtents(_ iloc: inout ItemLocationBox, except ids: Set<UInt32>, file: HEIFFile) throws {
        for i in iloc.items.indices where !ids.contains(iloc.items[i].itemID) && iloc.items[i].constructionMethod == .fileOffset
            && iloc.items[i].extents.contains(where: { $0.length == 0 }) {
            let ranges = try file.dataRanges(of: iloc.items[i])
            for e in iloc.items[i].extents.indices where iloc.items[i].extents[e].length == 0 {
                iloc.items[i].extents[e].length = ranges[e].upperBound - ranges[e].lowerBound
            }
        }
    }

    /// Moves every absolute offset that points past the old `meta` by `delta` (through the shared
    /// `AbsoluteOffsetTable` relocation), leaving the items being appended as they are (they get
    /// new offsets). Data inside the old `meta` (other than through `idat`) cannot be followed
    /// when `meta` changes size.
    static func shiftAbsoluteOffsets(_ iloc: inout ItemLocationBox, by delta: Int64, after meta: BoxHeader, except: Set<UInt32>, file: HEIFFile) throws {
        guard delta != 0 else { return }
        for item in iloc.items where !except.contains(item.itemID) && item.constructionMethod == .fileOffset {
            let ranges = try file.dataRanges(of: item)
            if ranges.contains(where: { $0.lowerBound < meta.end && $0.upperBound > meta.offset }) {
                throw ParseError(.unsupported, "item \(item.itemID) lies inside 'meta'; its bytes would move", path: "meta/iloc", offset: meta.offset)
            }
        }
        let kept = iloc.items.enumerated().filter { except.contains($0.element.itemID) }
        iloc.relocateOffsets { $0 >= meta.end ? UInt64(Int64($0) + delta) : $0 }
        for (i, item) in kept { iloc.items[i] = item }
    }

    /// A copy of `meta` with new `iloc` (and `iinf`/`iref` when given; an `iref` is added if
    /// there was none) and overwrites inside `idat`; other children are shared.
    static func replacing(in meta: Atom, iloc: Atom, iinf: Atom?, iref: Atom?, idatPatches: [(offset: UInt64, data: [UInt8])]) -> Atom {
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
        if !idatPatches.isEmpty, let i = children.firstIndex(where: { $0.type == "idat" }) {
            var payload = children[i].payload
            for (offset, bytes) in idatPatches { payload.replaceSubrange(Int(offset)..<Int(offset) + bytes.count, with: bytes) }
            let idat = Atom(type: "idat", payload: payload)
            idat.usedLargeSize = children[i].usedLargeSize
            children[i] = idat
        }
        let copy = Atom(type: "meta", prefix: meta.prefix, children: children)
        copy.usedLargeSize = meta.usedLargeSize
        return copy
    }

    /// The new `iloc` and appended boxes for a shift of everything after `meta`, repeated until
    /// the shift assumed is the one the new `meta` makes.
    struct Layout {
        let file: HEIFFile
        let changes: [Change]
        let ids: [UInt32]
        let targets: [InPlaceTarget?]
        let appendedIDs: Set<UInt32>
        let marker: TailAppendMarker?
        /// When items are added: the new `iinf` and `iref`.
        let newItemBoxes: (iinf: Atom, iref: Atom)?

        func settle(_ iloc: ItemLocationBox) throws -> (meta: [UInt8], appended: [UInt8], shift: Int64) {
            let oldMeta = file.metaHeader
            let idatPatches = zip(targets, changes).compactMap { target, change in target?.idatRelative.map { ($0, change.data) } }
            var result: (meta: [UInt8], appended: [UInt8], shift: Int64) = ([], [], 0)
            // Growing meta moves the appended data, which may widen iloc, which grows meta: the
            // shared offset pass repeats the layout until the shift it assumed is the one it made.
            try OffsetFixup.settle(from: Int64(0), failure: ParseError(.invalidValue, "item offsets do not settle", path: "meta/iloc", offset: oldMeta.offset)) { assumed in
                let (edited, appended) = try place(iloc, assumed: assumed)
                let meta = HEIFItemEdit.replacing(in: file.meta, iloc: try edited.widenedAtom(), iinf: newItemBoxes?.iinf,
                                                  iref: newItemBoxes?.iref, idatPatches: idatPatches)
                result = (meta.serialized(), appended, assumed)
                return Int64(meta.size) - Int64(oldMeta.size)
            }
            return result
        }

        /// Every other item shifted by `assumed`; an item in place gets its new length, an
        /// appended one its `mdat` after the file's end (before someone's trailer), in order.
        func place(_ iloc: ItemLocationBox, assumed: Int64) throws -> (ItemLocationBox, [UInt8]) {
            var edited = iloc
            try HEIFItemEdit.shiftAbsoluteOffsets(&edited, by: assumed, after: file.metaHeader, except: appendedIDs, file: file)
            let start = UInt64(Int64(file.appendOffset) + assumed)
            var w = ByteWriter()
            if let marker, !appendedIDs.isEmpty { w.append(marker.bytes) }
            for (k, id) in ids.enumerated() {
                guard let index = edited.items.firstIndex(where: { $0.itemID == id }) else { continue }
                let data = changes[k].data
                if targets[k] != nil { edited.items[index].extents[0].length = UInt64(data.count); continue }
                let header = BoxHeader.bytes(type: "mdat", payloadSize: UInt64(data.count))
                let position = start + UInt64(w.count + header.count)
                edited.items[index].methodField &= 0xFFF0          // construction method 0: file offset
                edited.items[index].dataReferenceIndex = 0
                // Where extent offsets take no bytes, the base offset carries the position.
                let inBase = edited.offsetSize == 0 && edited.baseOffsetSize > 0
                edited.items[index].baseOffset = inBase ? position : 0
                edited.items[index].extents = [.init(offset: inBase ? 0 : position, length: UInt64(data.count))]
                w.append(header); w.append(data)
            }
            return (edited, w.bytes)
        }
    }
}
