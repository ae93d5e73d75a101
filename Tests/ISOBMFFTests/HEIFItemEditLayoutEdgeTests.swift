import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The layout steps of a HEIF item edit: an added item takes the id right after the highest in
/// use; a `meta` that grows by a single byte still moves every offset past it; and a `meta`
/// without `iref` gets the new one (an added item's `cdsc`), after its other children.
@Suite("HEIF item edit layout: the next item id, a one-byte shift, an iref added")
struct HEIFItemEditLayoutEdgeTests {
    @Test("an item added to the fixture gets the highest id in iinf or iloc plus one")
    func addedItemTakesTheNextID() throws {
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let top = max(file.itemInfo.entries.map(\.itemID).max() ?? 0, file.locations.items.map(\.itemID).max() ?? 0)
        let edit = try HEIFItemEdit(file: file, replacing: nil, newItem: .init(type: "mime", describes: file.primaryItemID, contentType: "application/rdf+xml"),
                                    data: Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8), allowInPlace: false)
        #expect(edit.itemID == top + 1)
        #expect(edit.itemIDs == [top + 1])
    }

    @Test("a shift of one byte: an extent or base offset at meta's end moves to meta.end + 1; one before meta stays")
    func oneByteShift() throws {
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let meta = file.metaHeader
        try #require(meta.offset >= 8 && meta.end + 16 <= file.source.size)
        var iloc = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4, baseOffsetSize: 4, items: [
            .init(itemID: 100, extents: [.init(offset: meta.end, length: 4)]),
            .init(itemID: 101, baseOffset: meta.end, extents: [.init(offset: 8, length: 4)]),
            .init(itemID: 102, extents: [.init(offset: 0, length: 4)]),
        ])
        try HEIFItemEdit.shiftAbsoluteOffsets(&iloc, by: 1, after: meta, except: [], file: file)
        #expect(iloc.items.map(\.baseOffset) == [0, meta.end + 1, 0])
        #expect(iloc.items.map { $0.extents.map(\.offset) } == [[meta.end + 1], [8], [0]])
    }

    @Test("a meta without iref, given one: the copy ends with the new iref; iloc is replaced where it was")
    func irefAddedWhenThereIsNone() throws {
        let hdlr = Atom(type: "hdlr", payload: [UInt8](repeating: 0, count: 25))
        let oldIloc = try ItemLocationBox(version: 1, items: [.init(itemID: 1, extents: [.init(offset: 100, length: 4)])]).atom()
        let meta = Atom(type: "meta", prefix: [0, 0, 0, 0], children: [hdlr, oldIloc])
        let newIloc = try ItemLocationBox(version: 1, items: [.init(itemID: 1, extents: [.init(offset: 200, length: 4)])]).atom()
        let iref = ItemReferenceBox(references: [.init(type: "cdsc", fromItemID: 2, toItemIDs: [1])]).atom()
        let copy = HEIFItemEdit.replacing(in: meta, iloc: newIloc, iinf: nil, iref: iref, idatPatches: [])
        #expect(copy.children?.map(\.type.description) == ["hdlr", "iloc", "iref"])
        #expect(copy.children?.last?.serialized() == iref.serialized())
        #expect(copy.children?[1].serialized() == newIloc.serialized())
    }
}
