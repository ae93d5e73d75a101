import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Each item box type reads and writes from one definition: bytes → value → the same bytes,
/// for every version and field size, plus the values read.
@Suite("HEIF item boxes: bytes → value → same bytes")
struct HEIFItemBoxTests {
    static func fullBox(_ type: FourCC, version: UInt8, flags: UInt32 = 0, _ body: (inout ByteWriter) -> Void) -> Atom {
        var w = ByteWriter()
        w.u8(version); w.u24(flags)
        body(&w)
        return Atom(type: type, payload: w.bytes)
    }

    static func serialized(_ atom: Atom) -> [UInt8] { atom.serialized() }

    @Test("infe, iloc, iref and pitm newer than the versions read: refused as unsupported, naming the box, the version and the versions read")
    func newerVersionsRefused() throws {
        let boxes: [(FourCC, UInt8, String, (Atom) throws -> Void)] = [
            ("infe", 3, "0 to 3", { _ = try ItemInfoEntry($0, path: "infe") }),
            ("iloc", 2, "0, 1 or 2", { _ = try ItemLocationBox($0, path: "iloc") }),
            ("iref", 1, "0 or 1", { _ = try ItemReferenceBox($0, path: "iref") }),
            ("pitm", 1, "0 or 1", { _ = try PrimaryItemBox($0, path: "pitm") }),
        ]
        for (type, newest, known, read) in boxes {
            for version in [newest + 1, 255] {
                let atom = Self.fullBox(type, version: version) { w in w.append([UInt8](repeating: 0, count: 16)) }
                let error = Support.expectParseError("\(type) v\(version)") { try read(atom) }
                #expect(error?.kind == .unsupported)
                #expect(error?.message == "\(type) version \(version) is not \(known)")
            }
        }
    }

    @Test("iloc v0, 4-byte offset and length, no base offset")
    func ilocV0() throws {
        let atom = Self.fullBox("iloc", version: 0) { w in
            w.u8(0x44); w.u8(0x00); w.u16(2)
            w.u16(1); w.u16(0); w.u16(1); w.u32(100); w.u32(50)
            w.u16(2); w.u16(0); w.u16(2); w.u32(200); w.u32(10); w.u32(300); w.u32(20)
        }
        let box = try ItemLocationBox(atom, path: "iloc")
        #expect(box.items.map(\.itemID) == [1, 2])
        #expect(box.items[1].extents == [.init(offset: 200, length: 10), .init(offset: 300, length: 20)])
        #expect(try box.atom().serialized() == atom.serialized())
    }

    @Test("iloc v1: base offsets, construction method 1, 8-byte and 0-byte fields")
    func ilocV1() throws {
        let atom = Self.fullBox("iloc", version: 1) { w in
            w.u8(0x80); w.u8(0x40); w.u16(2)
            w.u16(7); w.u16(0); w.u16(0); w.u32(4096); w.u16(1); w.u64(12)
            w.u16(8); w.u16(1); w.u16(0); w.u32(0); w.u16(1); w.u64(0)
        }
        let box = try ItemLocationBox(atom, path: "iloc")
        #expect(box.offsetSize == 8 && box.lengthSize == 0 && box.baseOffsetSize == 4)
        #expect(box.items[0].baseOffset == 4096 && box.items[0].extents[0].offset == 12)
        #expect(box.items[1].constructionMethod == .idatOffset)
        #expect(try box.atom().serialized() == atom.serialized())
    }

    @Test("iloc v2: 32-bit item ids, extent indexes, every field 8 bytes")
    func ilocV2() throws {
        let atom = Self.fullBox("iloc", version: 2) { w in
            w.u8(0x88); w.u8(0x88); w.u32(1)
            w.u32(0x10000); w.u16(0); w.u16(0); w.u64(1 << 33); w.u16(1); w.u64(3); w.u64(5); w.u64(7)
        }
        let box = try ItemLocationBox(atom, path: "iloc")
        #expect(box.items[0].itemID == 0x10000)
        #expect(box.items[0].extents == [.init(index: 3, offset: 5, length: 7)])
        #expect(try box.atom().serialized() == atom.serialized())
    }

    /// `ipma` indexes are 1-based into `ipco`: the first and the last property are both there,
    /// 0 and indexes past the last are skipped, the essential bit is not part of the index.
    @Test("iprp: an item's properties by 1-based index, the last one included, 0 and past-the-end skipped")
    func propertiesByIndex() throws {
        let ispe = Self.fullBox("ispe", version: 0) { w in w.u32(64); w.u32(48) }
        let colr = Atom(type: "colr", payload: Array("nclx".utf8) + [0, 1, 0, 1, 0, 1, 0x80])
        let irot = Atom(type: "irot", payload: [1])
        let ipma = Self.fullBox("ipma", version: 0) { w in
            w.u32(2)
            w.u16(1); w.u8(2); w.u8(0x81); w.u8(0x03)            // item 1: ispe (essential), irot (the last)
            w.u16(2); w.u8(3); w.u8(0x02); w.u8(0x04); w.u8(0x00) // item 2: colr; 4 is past the end; 0 is none
        }
        let iprp = Atom(type: "iprp", children: [Atom(type: "ipco", children: [ispe, colr, irot]), ipma])
        let box = try ItemPropertiesBox(try Support.parseAtom(iprp.serialized()), path: "iprp")
        #expect(box.properties(of: 1).map(\.type) == ["ispe", "irot"])
        #expect(box.properties(of: 2).map(\.type) == ["colr"])
        #expect(box.properties(of: 3).isEmpty)
        #expect(box.associations[2] == [2, 4, 0])
    }

    /// An `ipma` entry is at least its item id (2 bytes in version 0, 4 from version 1) and its
    /// association count: entries of exactly that size (items with no properties), as many as
    /// the box holds, are read; a count one larger is refused before any entry is read.
    @Test("ipma v0/v1: entries of no associations fill the box exactly and are read; one more is refused", arguments: [UInt8(0), 1])
    func ipmaSmallestEntries(version: UInt8) throws {
        let ispe = Self.fullBox("ispe", version: 0) { w in w.u32(64); w.u32(48) }
        func iprp(count: UInt32, entries: Int) throws -> Atom {
            let ipma = Self.fullBox("ipma", version: version) { w in
                w.u32(count)
                for id in 1...entries {
                    if version < 1 { w.u16(UInt16(id)) } else { w.u32(0x10000 + UInt32(id)) }
                    w.u8(0)
                }
            }
            return try Support.parseAtom(Atom(type: "iprp", children: [Atom(type: "ipco", children: [ispe]), ipma]).serialized())
        }
        let box = try ItemPropertiesBox(try iprp(count: 3, entries: 3), path: "iprp")
        let ids: [UInt32] = version < 1 ? [1, 2, 3] : [0x10001, 0x10002, 0x10003]
        #expect(box.associations == Dictionary(uniqueKeysWithValues: ids.map { ($0, [Int]()) }))
        let error = Support.expectParseError("ipma v\(version)") { _ = try ItemPropertiesBox(try iprp(count: 4, entries: 3), path: "iprp") }
        #expect(error?.path == "iprp/ipma", "\(String(describing: error))")
    }

    /// An extent of a version 1 or 2 `iloc` is its index, offset and length: a count of
    /// extents the box cannot hold at that size is refused before any is read (a bound that
    /// left the index out would let the reads run past the box).
    @Test("iloc v1/v2 with extent indexes: too many extents for the box are refused at their full size")
    func ilocExtentIndexBound() throws {
        for version: UInt8 in [1, 2] {
            let atom = Self.fullBox("iloc", version: version) { w in
                w.u8(0x44); w.u8(0x04)                                  // offset 4, length 4, base 0, index 4
                if version < 2 { w.u16(1); w.u16(1) } else { w.u32(1); w.u32(1) }
                w.u16(0); w.u16(0); w.u16(2)                            // method, data reference, 2 extents
                w.u32(1); w.u32(100); w.u32(50); w.u32(2)               // 16 bytes: two extents need 24
            }
            let error = Support.expectParseError("iloc v\(version)") { _ = try ItemLocationBox(atom, path: "iloc") }
            #expect(error?.kind == .tooLarge)
            #expect(error?.message == "item 1 extent count 2 needs 24 bytes, only 16 present")
        }
        // Version 0 has no extent index: its index_size bits are reserved and do not count.
        let v0 = Self.fullBox("iloc", version: 0) { w in
            w.u8(0x44); w.u8(0x04); w.u16(1)
            w.u16(1); w.u16(0); w.u16(2); w.u32(100); w.u32(50); w.u32(200); w.u32(10)
        }
        let box = try ItemLocationBox(v0, path: "iloc")
        #expect(box.items[0].extents == [.init(offset: 100, length: 50), .init(offset: 200, length: 10)])
    }

    @Test("iloc widening: an offset past 4 GiB grows the offset field to 8 bytes; a fitting box is unchanged")
    func ilocWidening() throws {
        var box = ItemLocationBox(version: 0, offsetSize: 4, lengthSize: 4, items: [.init(itemID: 1, extents: [.init(offset: 10, length: 5)])])
        let before = try box.atom().serialized()
        box.widenFieldsToFit()
        #expect(try box.atom().serialized() == before)
        box.items[0].extents[0].offset = 1 << 32
        #expect(!box.fieldsFit)
        #expect(throws: ParseError.self) { try box.atom() }
        box.widenFieldsToFit()
        #expect(box.offsetSize == 8 && box.lengthSize == 4)
        let reread = try ItemLocationBox(try box.atom(), path: "iloc")
        #expect(reread.items == box.items)
    }

    @Test("iloc widening: an item id past 16 bits makes the box version 2 (32-bit ids); it reads back", arguments: [UInt8(0), 1])
    func ilocWideningToVersion2(_ version: UInt8) throws {
        var box = ItemLocationBox(version: version, offsetSize: 4, lengthSize: 4,
                                  items: [.init(itemID: 1, extents: [.init(offset: 10, length: 5)]), .init(itemID: 0x1_0002, extents: [.init(offset: 20, length: 6)])])
        box.widenFieldsToFit()
        #expect(box.version == 2)
        let reread = try ItemLocationBox(try box.atom(), path: "iloc")
        #expect(reread.version == 2 && reread.items.map(\.itemID) == [1, 0x1_0002] && reread.items == box.items)
    }

    /// 0-byte fields hold nothing to widen for: no items, an item without extents, zero values.
    @Test("iloc widening leaves 0-byte fields alone when there is no value, or only zeros, to hold")
    func ilocWideningWithNothingToHold() throws {
        for items: [ItemLocationBox.Item] in [[], [.init(itemID: 1, extents: [])], [.init(itemID: 1, baseOffset: 0, extents: [.init(offset: 0, length: 0)])]] {
            var box = ItemLocationBox(version: 1, offsetSize: 0, lengthSize: 0, baseOffsetSize: 0, indexSize: 0, items: items)
            let before = try box.atom().serialized()
            box.widenFieldsToFit()
            #expect(box.offsetSize == 0 && box.lengthSize == 0 && box.baseOffsetSize == 0 && box.indexSize == 0, "\(items)")
            #expect(try box.atom().serialized() == before)
        }
    }

    /// An item of `iloc` starts with its id (2 bytes, 4 in version 2), its construction method
    /// (version 1 and 2), data reference, base offset and extent count: a count of items the
    /// box cannot hold at that size is refused before any is read, one byte short included.
    @Test("iloc v0/v1/v2: one byte short of the item count's headers is refused at their full size", arguments: [0, 1, 2] as [UInt8])
    func ilocItemCountBound(_ version: UInt8) throws {
        let header = (version < 2 ? 2 : 4) + (version > 0 ? 2 : 0) + 2 + 2
        let atom = Self.fullBox("iloc", version: version) { w in
            w.u8(0x00); w.u8(0x00)                                      // every field 0 bytes
            if version < 2 { w.u16(2) } else { w.u32(2) }
            w.append([UInt8](repeating: 0, count: 2 * header - 1))
        }
        let error = Support.expectParseError("iloc v\(version)") { _ = try ItemLocationBox(atom, path: "iloc") }
        #expect(error?.kind == .tooLarge)
        #expect(error?.message == "iloc item count 2 needs \(2 * header) bytes, only \(2 * header - 1) present")
    }

    @Test("iloc refuses duplicate item ids, bad field sizes, counts larger than the box, trailing bytes")
    func ilocHostile() throws {
        let duplicate = Self.fullBox("iloc", version: 0) { w in
            w.u8(0x44); w.u8(0); w.u16(2)
            for _ in 0..<2 { w.u16(1); w.u16(0); w.u16(1); w.u32(0); w.u32(1) }
        }
        #expect(Support.expectParseError("duplicate") { _ = try ItemLocationBox(duplicate, path: "iloc") }?.message.contains("located twice") == true)
        let badSize = Self.fullBox("iloc", version: 0) { w in w.u8(0x34); w.u8(0); w.u16(0) }
        #expect(Support.expectParseError("size 3") { _ = try ItemLocationBox(badSize, path: "iloc") }?.message.contains("offset_size 3") == true)
        let bogusCount = Self.fullBox("iloc", version: 2) { w in w.u8(0x44); w.u8(0); w.u32(0xFFFF_FFFF) }
        #expect(Support.expectParseError("count") { _ = try ItemLocationBox(bogusCount, path: "iloc") }?.kind == .tooLarge)
        let bogusExtents = Self.fullBox("iloc", version: 0) { w in w.u8(0x44); w.u8(0); w.u16(1); w.u16(1); w.u16(0); w.u16(0xFFFF) }
        #expect(Support.expectParseError("extents") { _ = try ItemLocationBox(bogusExtents, path: "iloc") }?.kind == .tooLarge)
        let zeroSized = Self.fullBox("iloc", version: 0) { w in w.u8(0); w.u8(0); w.u16(1); w.u16(1); w.u16(0); w.u16(0xFFFF) }
        #expect(Support.expectParseError("zero-size extents") { _ = try ItemLocationBox(zeroSized, path: "iloc") }?.kind == .invalidValue)
        let trailing = Self.fullBox("iloc", version: 0) { w in w.u8(0x44); w.u8(0); w.u16(0); w.u8(9) }
        #expect(Support.expectParseError("trailing") { _ = try ItemLocationBox(trailing, path: "iloc") } != nil)
        #expect(Support.expectParseError("version 3") { _ = try ItemLocationBox(Self.fullBox("iloc", version: 3) { _ in }, path: "iloc") }?.kind == .unsupported)
    }

    @Test("infe v0 to v3, hidden flag, mime content type", arguments: [0, 1, 2, 3] as [UInt8])
    func infe(_ version: UInt8) throws {
        let atom = Self.fullBox("infe", version: version, flags: 1) { w in
            if version == 3 { w.u32(0x12345) } else { w.u16(42) }
            w.u16(0)
            if version >= 2 { w.fourCC("mime") }
            w.append(Array("XMP".utf8)); w.u8(0)
            w.append(Array("application/rdf+xml".utf8)); w.u8(0)
            if version == 1 { w.append([0xAB, 0xCD]) }
        }
        let entry = try ItemInfoEntry(atom, path: "infe")
        #expect(entry.itemID == (version == 3 ? 0x12345 : 42))
        #expect(entry.isHidden)
        #expect(entry.itemName == Array("XMP".utf8))
        #expect(entry.itemType == (version >= 2 ? "mime" : nil))
        if version >= 2 { #expect(entry.contentType == "application/rdf+xml") }
        #expect(entry.atom().serialized() == atom.serialized())
    }

    @Test("iinf v0 and v1 with their entries; a count that does not match is refused", arguments: [0, 1] as [UInt8])
    func iinf(_ version: UInt8) throws {
        let entries = [ItemInfoEntry(itemID: 1, itemType: "hvc1"), ItemInfoEntry(itemID: 2, itemType: "Exif", hidden: true)]
        var w = ByteWriter()
        w.u8(version); w.u24(0)
        if version == 0 { w.u16(2) } else { w.u32(2) }
        for e in entries { w.append(e.atom().serialized()) }
        let atom = Atom(type: "iinf", payload: w.bytes)
        let box = try ItemInfoBox(atom, path: "iinf")
        #expect(box.entries == entries)
        #expect(box.atom().serialized() == atom.serialized())
        var wrong = w.bytes
        wrong[version == 0 ? 5 : 7] = 3
        #expect(Support.expectParseError("count") { _ = try ItemInfoBox(Atom(type: "iinf", payload: wrong), path: "iinf") } != nil)
        var duplicate = ByteWriter()
        duplicate.u8(version); duplicate.u24(0)
        if version == 0 { duplicate.u16(2) } else { duplicate.u32(2) }
        for _ in 0..<2 { duplicate.append(entries[0].atom().serialized()) }
        #expect(Support.expectParseError("duplicate") { _ = try ItemInfoBox(Atom(type: "iinf", payload: duplicate.bytes), path: "iinf") }?.message.contains("twice") == true)
    }

    @Test("a new iinf is written in its smallest form: version 0, no flags, a 16-bit count")
    func iinfDefaults() throws {
        let entries = [ItemInfoEntry(itemID: 1, itemType: "hvc1")]
        let bytes = ItemInfoBox(entries: entries).atom().serialized()
        #expect(Array(bytes[8..<14]) == [0, 0, 0, 0, 0, 1], "version 0, flags 0, count 1 in 16 bits")
        #expect(try ItemInfoBox(Support.parseAtom(bytes), path: "iinf").entries == entries)
    }

    @Test("iref v0 (16-bit ids) and v1 (32-bit ids)", arguments: [0, 1] as [UInt8])
    func iref(_ version: UInt8) throws {
        let box = ItemReferenceBox(version: version, references: [
            .init(type: "dimg", fromItemID: 49, toItemIDs: [1, 2, 3]),
            .init(type: "cdsc", fromItemID: 50, toItemIDs: [49]),
        ])
        let atom = box.atom()
        let reread = try ItemReferenceBox(atom, path: "iref")
        #expect(reread == box)
        #expect(reread.atom().serialized() == atom.serialized())
        #expect(reread.targets(of: 49, type: "dimg") == [1, 2, 3])
        #expect(reread.sources(to: 49, type: "cdsc") == [50])
        #expect(atom.payload.count == 4 + 2 * (8 + (version == 0 ? 2 : 4) + 2) + (version == 0 ? 2 : 4) * 4)
    }

    @Test("pitm v0/v1, ispe, irot, imir")
    func smallBoxes() throws {
        for atom in [Self.fullBox("pitm", version: 0) { $0.u16(49) }, Self.fullBox("pitm", version: 1) { $0.u32(0x10001) }] {
            #expect(try PrimaryItemBox(atom, path: "pitm").atom().serialized() == atom.serialized())
        }
        let ispe = Self.fullBox("ispe", version: 0) { $0.u32(3024); $0.u32(4032) }
        let size = try ImageSpatialExtents(ispe, path: "ispe")
        #expect(size == ImageSpatialExtents(width: 3024, height: 4032))
        #expect(size.atom().serialized() == ispe.serialized())
        let irot = Atom(type: "irot", payload: [3])
        #expect(try ImageRotation(irot, path: "irot").quarterTurns == 3)
        #expect(try ImageRotation(irot, path: "irot").atom().serialized() == irot.serialized())
        let imir = Atom(type: "imir", payload: [1])
        #expect(try ImageMirror(imir, path: "imir").axis == 1)
        #expect(try ImageMirror(imir, path: "imir").atom().serialized() == imir.serialized())
    }

    static var heifFiles: [String] {
        [Support.fixture("still-heic.heic")] + Support.corpusFiles(["iphone-heic/IMG_2927.HEIC", "iphone-heic/IMG_2929.HEIC"])
    }

    @Test("real files: every item box, and meta as a whole, writes back byte for byte", arguments: heifFiles)
    func realFilesRoundTrip(_ path: String) throws {
        let file = try HEIFFile.open(path: path)
        let meta = try file.source.read(at: file.metaHeader.offset, count: Int(file.metaHeader.size))
        #expect(file.meta.serialized() == meta)
        let child = { (type: FourCC) in try #require(file.meta.child(type)).serialized() }
        #expect(try file.locations.atom().serialized() == child("iloc"))
        #expect(file.itemInfo.atom().serialized() == (try child("iinf")))
        #expect(try PrimaryItemBox(try #require(file.meta.child("pitm")), path: "pitm").atom().serialized() == child("pitm"))
        if file.meta.child("iref") != nil { #expect(file.references.atom().serialized() == (try child("iref"))) }
        #expect(try file.primaryDisplaySize() != nil)
        #expect(file.exifItemID != nil)
    }

    /// heif-info prints the primary image's size with the file's rotation applied: a quarter
    /// turn (`irot` angle 1 or 3) swaps the `ispe` width and height. The iPhone HEICs carry
    /// `irot` 0; copies with the angle byte set to each value check every turn.
    @Test("the primary display size is heif-info's at every irot angle", .requires(.heifInfo),
          arguments: Support.corpusFiles(["iphone-heic/IMG_2927.HEIC", "iphone-heic/IMG_2929.HEIC"]), [UInt8(0), 1, 2, 3])
    func displaySizeMatchesHeifInfo(_ path: String, angle: UInt8) throws {
        var bytes = try Support.bytes(path)
        // The irot box (8-byte header, one angle byte) before the first item's data.
        let irot = try #require(bytes.firstRange(of: Array("irot".utf8))).lowerBound
        #expect(bytes[irot - 4..<irot] == [0, 0, 0, 9])
        bytes[irot + 4] = angle
        let dir = try TempDir()
        let turned = try dir.write("turned.heic", bytes)
        let file = try HEIFFile.open(path: turned)
        #expect(try file.property("irot", of: file.primaryItemID, ImageRotation.init)?.quarterTurns == angle)
        let ispe = try #require(try file.property("ispe", of: file.primaryItemID, ImageSpatialExtents.init))
        let size = try #require(try file.primaryDisplaySize())
        let expected = angle % 2 == 1 ? (Int(ispe.height), Int(ispe.width)) : (Int(ispe.width), Int(ispe.height))
        #expect(size == expected, "ispe \(ispe.width)x\(ispe.height), irot \(angle)")
        let info = try Support.run(try #require(Support.tool("heif-info")), [turned])
        let primary = try #require(info.out.split(separator: "\n").first { $0.hasPrefix("image: ") && $0.hasSuffix("primary") }, "\(info.out)\(info.err)")
        #expect(primary.hasPrefix("image: \(size.width)x\(size.height) "), "\(primary)")
    }
}
