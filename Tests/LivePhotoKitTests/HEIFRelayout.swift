import Foundation
import BinaryIO
@testable import ISOBMFF

/// Builds HEIF variants from a real one with our own box types: the same items, properties
/// and image data, laid out with a chosen `iloc` version and field sizes, `meta` before or
/// after `mdat`, the Exif item in `idat` or dropped, an item split in two extents.
struct HEIFRelayout: CustomStringConvertible {
    var ilocVersion: UInt8 = 1
    var offsetSize = 4
    var lengthSize = 4
    var baseOffsetSize = 0
    var indexSize = 0
    var metaAfterMdat = false
    var exifInIdat = false
    var dropExif = false
    /// The primary item's bytes in two extents.
    var splitPrimary = false
    /// Zero bytes added after the Exif item's data (room for a larger EXIF in place).
    var exifPadding = 0
    /// The Exif item's bytes replaced by these (e.g. an EXIF without a MakerNote, which grows).
    var exifReplacement: [UInt8]? = nil
    /// Hidden `mime` items (XMP's content type) describing the primary item, added with these
    /// bytes after the file's own items.
    var extraItems: [[UInt8]] = []
    /// `meta` with a 64-bit size header (size field 1), as some writers give every box.
    var metaLargeSize = false
    /// Every box inside `meta` with a 64-bit size header too.
    var largeSizeInside = false
    /// A hidden item made of the first 16 bytes of another item by item offset (construction
    /// method 2, through an `iloc` reference), which we never read: its `iloc` entry is carried.
    enum ItemOffsetSource { case primary, exif }
    var itemOffsetOf: ItemOffsetSource? = nil
    /// A `free` box of this many bytes (8 or more) put last in `meta`.
    var metaFreeBox = 0
    /// `iloc` moved to the end of `meta`: an edit then changes the very last byte of `meta`.
    var ilocLast = false

    var description: String {
        var parts = ["iloc v\(ilocVersion) \(offsetSize)/\(lengthSize)/\(baseOffsetSize)/\(indexSize)"]
        if metaAfterMdat { parts.append("meta after mdat") }
        if exifInIdat { parts.append("Exif in idat") }
        if dropExif { parts.append("no Exif item") }
        if splitPrimary { parts.append("primary in 2 extents") }
        if exifPadding > 0 { parts.append("Exif padded by \(exifPadding)") }
        if let exifReplacement { parts.append("Exif of \(exifReplacement.count) bytes") }
        if !extraItems.isEmpty { parts.append("extra items of \(extraItems.map(\.count)) bytes") }
        if metaLargeSize { parts.append("meta with a 64-bit size") }
        if largeSizeInside { parts.append("every box in meta with a 64-bit size") }
        if metaFreeBox > 0 { parts.append("a \(metaFreeBox)-byte free box in meta") }
        if let itemOffsetOf { parts.append("an item by item offset into the \(itemOffsetOf) item") }
        if ilocLast { parts.append("iloc last in meta") }
        return parts.joined(separator: ", ")
    }

    /// libheif 1.15 does not read extents of length 0 ("to the end of the file"), nor items made
    /// of other items (construction method 2: "not implemented").
    var libheifReads: Bool { lengthSize != 0 && itemOffsetOf == nil }

    func build(from file: HEIFFile) throws -> [UInt8] {
        let exifID = file.exifItemID
        let dropped: UInt32? = dropExif ? exifID : nil
        var items = file.locations.items.filter { $0.itemID != dropped }
        var data: [UInt32: [UInt8]] = [:]
        for item in items { data[item.itemID] = try file.bytes(of: item) }
        let top = max(file.itemInfo.entries.map(\.itemID).max() ?? 0, file.locations.items.map(\.itemID).max() ?? 0)
        var extraEntries: [ItemInfoEntry] = []
        for (k, bytes) in extraItems.enumerated() {
            let id = top + 1 + UInt32(k)
            items.append(.init(itemID: id, extents: []))
            data[id] = bytes
            var entry = ItemInfoEntry(itemID: id, itemType: "mime", hidden: true)
            entry.rest = Array("application/rdf+xml".utf8) + [0]
            extraEntries.append(entry)
        }
        if let exifID, let exifReplacement { data[exifID] = exifReplacement }
        if let exifID, exifPadding > 0 { data[exifID]? += [UInt8](repeating: 0, count: exifPadding) }
        let byItemOffset: UInt32? = itemOffsetOf == nil ? nil : top + 1 + UInt32(extraItems.count)
        let offsetSource = itemOffsetOf == .exif ? exifID : file.primaryItemID
        if let byItemOffset { extraEntries.append(ItemInfoEntry(itemID: byItemOffset, itemType: "ioff", hidden: true)) }
        let inIdat: UInt32? = exifInIdat ? exifID : nil
        let idatBytes = inIdat.flatMap { data[$0] } ?? []

        let ftyp = try file.source.read(at: 0, count: Int(try requireBox(file.topLevel.first("ftyp")).size))
        func meta(mdatPayloadStart: UInt64) throws -> [UInt8] {
            var iloc = ItemLocationBox(version: ilocVersion, offsetSize: offsetSize, lengthSize: lengthSize, baseOffsetSize: baseOffsetSize, indexSize: indexSize)
            var cursor: UInt64 = 0
            for item in items {
                let bytes = data[item.itemID]!
                if item.itemID == inIdat {
                    iloc.items.append(.init(itemID: item.itemID, constructionMethod: .idatOffset, extents: [.init(offset: 0, length: UInt64(bytes.count))]))
                    continue
                }
                // With 0-byte extent offsets, each item's start is its base offset.
                let perItemBase = offsetSize == 0
                let base = perItemBase ? mdatPayloadStart + cursor : baseOffsetSize > 0 ? mdatPayloadStart : 0
                let start = perItemBase ? 0 : (baseOffsetSize > 0 ? 0 : mdatPayloadStart) + cursor
                // 0-byte lengths: the (one) item runs to the end of the file.
                var extents = [ItemLocationBox.Extent(offset: start, length: lengthSize == 0 ? 0 : UInt64(bytes.count))]
                if splitPrimary && item.itemID == file.primaryItemID && bytes.count > 1 {
                    let half = UInt64(bytes.count / 2)
                    extents = [.init(offset: start, length: half), .init(offset: start + half, length: UInt64(bytes.count) - half)]
                }
                iloc.items.append(.init(itemID: item.itemID, baseOffset: base, extents: extents))
                cursor += UInt64(bytes.count)
            }
            if let byItemOffset {
                iloc.items.append(.init(itemID: byItemOffset, constructionMethod: .itemOffset, extents: [.init(index: indexSize > 0 ? 1 : 0, offset: 0, length: 16)]))
            }
            var iinf = file.itemInfo
            iinf.entries.removeAll { $0.itemID == dropped }
            iinf.entries += extraEntries
            var iref = file.references
            iref.references.removeAll { $0.fromItemID == dropped }
            iref.references += extraEntries.map { .init(type: $0.itemID == byItemOffset ? "iloc" : "cdsc", fromItemID: $0.itemID,
                                                             toItemIDs: [$0.itemID == byItemOffset ? offsetSource ?? 0 : file.primaryItemID]) }
            var children: [Atom] = []
            for child in file.meta.children ?? [] {
                switch child.type {
                case "iloc": children.append(try iloc.atom())
                case "iinf": children.append(iinf.atom())
                case "iref": if !iref.references.isEmpty { children.append(iref.atom()) }
                case "idat": break
                default: children.append(child)
                }
            }
            if ilocLast, let at = children.firstIndex(where: { $0.type == "iloc" }) { children.append(children.remove(at: at)) }
            if !idatBytes.isEmpty { children.append(Atom(type: "idat", payload: idatBytes)) }
            if metaFreeBox > 0 { children.append(Atom(type: "free", payload: [UInt8](repeating: 0, count: metaFreeBox - 8))) }
            if largeSizeInside { for child in children { child.usedLargeSize = true } }
            let meta = Atom(type: "meta", prefix: file.meta.prefix, children: children)
            meta.usedLargeSize = metaLargeSize
            return meta.serialized()
        }
        let mdatPayload = items.filter { $0.itemID != inIdat }.flatMap { data[$0.itemID]! }
        let mdat = { (payload: [UInt8]) -> [UInt8] in
            var w = ByteWriter(); w.u32(UInt32(payload.count + 8)); w.fourCC("mdat"); w.append(payload); return w.bytes
        }(mdatPayload)
        let probe = try meta(mdatPayloadStart: 0)
        if metaAfterMdat {
            return ftyp + mdat + (try meta(mdatPayloadStart: UInt64(ftyp.count + 8)))
        }
        return ftyp + (try meta(mdatPayloadStart: UInt64(ftyp.count + probe.count + 8))) + mdat
    }

    /// The layouts the tests pair.
    static let variants: [HEIFRelayout] = [
        HEIFRelayout(ilocVersion: 0, offsetSize: 4, lengthSize: 4),
        HEIFRelayout(ilocVersion: 1, offsetSize: 8, lengthSize: 8, baseOffsetSize: 8),
        HEIFRelayout(ilocVersion: 2, offsetSize: 4, lengthSize: 4, baseOffsetSize: 4, indexSize: 4),
        HEIFRelayout(ilocVersion: 2, offsetSize: 8, lengthSize: 4, indexSize: 8, splitPrimary: true),
        HEIFRelayout(metaAfterMdat: true),
        HEIFRelayout(exifInIdat: true),
        HEIFRelayout(dropExif: true),
        HEIFRelayout(ilocVersion: 0, offsetSize: 4, lengthSize: 4, metaAfterMdat: true, dropExif: true),
        // No room for an offset: adding the Exif item widens iloc, which grows meta again.
        HEIFRelayout(ilocVersion: 1, offsetSize: 0, lengthSize: 4, baseOffsetSize: 4, dropExif: true),
        HEIFRelayout(ilocVersion: 1, offsetSize: 0, lengthSize: 4, baseOffsetSize: 4),
        HEIFRelayout(exifPadding: 512),
        // One item whose length is "to the end of the file": appending must not extend it, and
        // the added Exif item's length needs a field: iloc is widened.
        HEIFRelayout(ilocVersion: 0, offsetSize: 4, lengthSize: 0, dropExif: true),
        HEIFRelayout(exifInIdat: true, exifPadding: 512),
        HEIFRelayout(metaLargeSize: true),
        HEIFRelayout(metaAfterMdat: true, exifPadding: 512, metaLargeSize: true),
        HEIFRelayout(metaLargeSize: true, largeSizeInside: true),
        HEIFRelayout(exifInIdat: true, exifPadding: 512, largeSizeInside: true),
        // An item made of the primary item's bytes, which an edit carries.
        HEIFRelayout(ilocVersion: 1, itemOffsetOf: .primary),
        HEIFRelayout(ilocVersion: 2, offsetSize: 4, lengthSize: 4, indexSize: 4, dropExif: true, itemOffsetOf: .primary),
    ]
}

private func requireBox(_ header: BoxHeader?) throws -> BoxHeader {
    guard let header else { throw ParseError(.invalidValue, "missing box") }
    return header
}
