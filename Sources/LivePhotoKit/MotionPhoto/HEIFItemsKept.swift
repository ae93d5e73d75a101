import BinaryIO
import ISOBMFF

/// The check every HEIC `convert` output passes before it is put in place: read back as a HEIF
/// file, every item of the original is there with its id, type and properties, every one other
/// than those it meant to change (XMP, Exif) holds the same bytes (tiles, thumbnails, gain map,
/// depth, ...), and the primary item is the same.
enum HEIFItemsKept {
    static func check(original: HEIFFile, writtenPath: String, changed: Set<UInt32>) throws {
        try check(original: original, written: HEIFFile.open(path: writtenPath), changed: changed)
    }

    /// The same for a result already read back.
    static func check(original: HEIFFile, written: HEIFFile, changed: Set<UInt32>) throws {
        func fail(_ what: String) -> ParseError { ParseError(.invalidValue, "the written HEIC \(what)", path: "meta") }
        guard written.primaryItemID == original.primaryItemID else { throw fail("has another primary item") }
        for entry in original.itemInfo.entries {
            guard written.itemInfo.entry(entry.itemID)?.itemType == entry.itemType else { throw fail("lost or retyped item \(entry.itemID)") }
            guard (written.properties?.properties(of: entry.itemID) ?? []).map({ $0.serialized() })
                    == (original.properties?.properties(of: entry.itemID) ?? []).map({ $0.serialized() }) else {
                throw fail("changed the properties of item \(entry.itemID)")
            }
        }
        let located = Dictionary(written.locations.items.map { ($0.itemID, $0) }, uniquingKeysWith: { a, _ in a })
        for item in original.locations.items where !changed.contains(item.itemID) && item.constructionMethod != .itemOffset {
            guard let now = located[item.itemID],
                  try written.bytes(of: now, maximum: Int.max) == original.bytes(of: item, maximum: Int.max) else {
                throw fail("changed the bytes of item \(item.itemID)")
            }
        }
    }
}
