import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// `inspect` reports each HEIF item's byte count as the sum of its extents; an item that `iloc`
/// does not locate (listed in `iinf` only) has no bytes to count: 0.
@Suite("inspect: a HEIF item with no readable location counts 0 bytes")
struct HEIFItemReportUnlocatedBytesTests {
    /// Item 1 (the primary, 3 bytes in `mdat`), item 2 listed with no `iloc` entry.
    static func heif() throws -> [UInt8] {
        let ftyp = Support.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        func meta(dataStart: UInt64) throws -> [UInt8] {
            var hdlr = ByteWriter(); hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("pict"); hdlr.zeros(12); hdlr.u8(0)
            let iloc = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4, items: [.init(itemID: 1, extents: [.init(offset: dataStart, length: 3)])])
            let entries = [ItemInfoEntry(itemID: 1, itemType: "hvc1"), ItemInfoEntry(itemID: 2, itemType: "mime")]
            return Atom(type: "meta", prefix: [0, 0, 0, 0], children: [Atom(type: "hdlr", payload: hdlr.bytes), PrimaryItemBox(itemID: 1).atom(),
                                                                       ItemInfoBox(version: 0, entries: entries).atom(), try iloc.atom(), ItemReferenceBox().atom()]).serialized()
        }
        let size = try meta(dataStart: 0).count
        return ftyp + (try meta(dataStart: UInt64(ftyp.count + size + 8))) + Support.box("mdat", [1, 2, 3])
    }

    @Test("the located item counts its 3 bytes; the unlocated one counts 0")
    func unlocatedItemCountsZero() throws {
        let dir = try TempDir()
        let file = try HEIFFile.open(path: try dir.write("items.heic", try Self.heif()))
        try #require(try file.itemBytes(1) == [1, 2, 3] && file.locations.item(2) == nil)
        let report = try HEIFReport.make(file)
        #expect(report.items.map(\.id) == [1, 2])
        #expect(report.items.map(\.bytes) == [3, 0])
    }
}
