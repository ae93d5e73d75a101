import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Damaged and hostile HEIF files: a typed `ParseError`, never a crash, a hang or a huge allocation.
@Suite("HEIF: hostile input")
struct HEIFHostileTests {
    /// A minimal HEIF: ftyp, meta (hdlr pict, pitm, iinf, iloc, iref), mdat with each item's bytes.
    /// `located: false` leaves every item out of `iloc` (their bytes still in `mdat`); `placed`
    /// points the items it names at other bytes of the file (offset and length).
    static func heif(items: [(id: UInt32, type: FourCC, data: [UInt8])], primary: UInt32 = 1,
                     references: [ItemReferenceBox.Reference] = [], ilocVersion: UInt8 = 1, located: Bool = true,
                     placed: [UInt32: (offset: UInt64, length: UInt64)] = [:]) -> [UInt8] {
        func metaBytes(dataStart: UInt64) -> [UInt8] {
            var hdlr = ByteWriter(); hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("pict"); hdlr.zeros(12); hdlr.u8(0)
            var offset = dataStart
            var iloc = ItemLocationBox(version: ilocVersion, offsetSize: 4, lengthSize: 4)
            for item in items where located {
                let extent = placed[item.id] ?? (offset, UInt64(item.data.count))
                iloc.items.append(.init(itemID: item.id, extents: [.init(offset: extent.offset, length: extent.length)]))
                offset += UInt64(item.data.count)
            }
            let children: [Atom] = [Atom(type: "hdlr", payload: hdlr.bytes), PrimaryItemBox(itemID: primary).atom(),
                                    ItemInfoBox(version: 0, entries: items.map { ItemInfoEntry(itemID: $0.id, itemType: $0.type) }).atom(),
                                    try! iloc.atom(), ItemReferenceBox(references: references).atom()]
            return Atom(type: "meta", prefix: [0, 0, 0, 0], children: children).serialized()
        }
        let ftyp = Support.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let probe = metaBytes(dataStart: 0)
        let meta = metaBytes(dataStart: UInt64(ftyp.count + probe.count + 8))
        return ftyp + meta + Support.box("mdat", items.flatMap(\.data))
    }

    static func open(_ bytes: [UInt8]) throws -> HEIFFile {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        return try HEIFFile.open(path: try Support.write(bytes, in: dir, name: "x.heic"))
    }

    @Test("the builder's file opens, and its item bytes read back")
    func builderOpens() throws {
        let file = try Self.open(Self.heif(items: [(1, "hvc1", [1, 2, 3]), (2, "Exif", [0, 0, 0, 0, 9])], references: [.init(type: "cdsc", fromItemID: 2, toItemIDs: [1])]))
        #expect(try file.itemBytes(1) == [1, 2, 3])
        #expect(file.exifItemID == 2)
    }

    /// A new item takes the id after the highest in use in `iinf` and in `iloc`, 0 counted: a
    /// file whose one item is item 0 (allowed by the box, unlocated here) gets item 1, never a
    /// gap; with items 0 and 7, item 8.
    @Test("a new item's id is one past the highest in iinf or iloc, from item 0 up")
    func newItemIDAfterTheHighest() throws {
        let exif: [UInt8] = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
        let zeroOnly = try Self.open(Self.heif(items: [(0, "hvc1", [1, 2, 3])], primary: 0, located: false))
        #expect(zeroOnly.locations.items.isEmpty)
        let added = try HEIFItemEdit(file: zeroOnly, replacing: nil, newItem: .init(type: "Exif", describes: 0), data: exif, allowInPlace: false)
        #expect(added.itemID == 1)
        let located = try Self.open(Self.heif(items: [(0, "hvc1", [1, 2, 3]), (7, "hvc1", [4, 5])], primary: 0))
        #expect(try HEIFItemEdit(file: located, replacing: nil, newItem: .init(type: "Exif", describes: 0), data: exif, allowInPlace: false).itemID == 8)
        // The last id there is: taken when free, and a refusal (never a wrap to 0) when in use.
        let nextToLast = try Self.open(Self.heif(items: [(UInt32.max - 1, "hvc1", [1, 2, 3])], primary: UInt32.max - 1, ilocVersion: 2))
        #expect(try HEIFItemEdit(file: nextToLast, replacing: nil, newItem: .init(type: "Exif", describes: UInt32.max - 1), data: exif, allowInPlace: false).itemID == UInt32.max)
        let last = try Self.open(Self.heif(items: [(UInt32.max, "hvc1", [1, 2, 3])], primary: UInt32.max, ilocVersion: 2))
        let error = Support.expectParseError("no free id") {
            _ = try HEIFItemEdit(file: last, replacing: nil, newItem: .init(type: "Exif", describes: UInt32.max), data: exif, allowInPlace: false)
        }
        #expect(error?.kind == .tooLarge && error?.message == "no free item id", "\(String(describing: error))")
    }

    /// When `meta` grows, the bytes after it move and their offsets with them; an item whose
    /// bytes lie inside `meta` (not in `idat`) cannot be followed, so the edit is refused. An
    /// item ending where `meta` starts stays where it is, one starting where `meta` ends moves.
    @Test("an edit that grows meta refuses an item lying inside it; items just before and just after it keep their bytes")
    func itemsAgainstMeta() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let exif: [UInt8] = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
        let plain = try Self.open(Self.heif(items: [(1, "hvc1", [1, 2, 3]), (2, "mime", [4, 5, 6, 7])]))
        let meta = plain.metaHeader
        func added(_ placed: [UInt32: (offset: UInt64, length: UInt64)]) throws -> (before: HEIFFile, after: HEIFFile) {
            let bytes = Self.heif(items: [(1, "hvc1", [1, 2, 3]), (2, "mime", [4, 5, 6, 7])], placed: placed)
            let before = try HEIFFile.open(path: try Support.write(bytes, in: dir, name: "in.heic"))
            #expect(before.metaHeader == meta, "the placement changes no size")
            let edit = try HEIFItemEdit(file: before, replacing: nil, newItem: .init(type: "Exif", describes: 1), data: exif, allowInPlace: false)
            let target = PathComponents.appending("out.heic", to: dir.path)
            try HEIFWholeFileWriter.prepare(edit, targetPath: target, syncing: false).commit()
            return (before, try HEIFFile.open(path: target))
        }
        for (offset, length) in [(meta.offset + 8, 4), (meta.end - 1, 2), (meta.offset - 1, 2)] as [(UInt64, UInt64)] {
            let error = Support.expectParseError("an item at \(offset) inside meta \(meta.offset)..<\(meta.end)") { _ = try added([2: (offset, length)]) }
            #expect(error?.kind == .unsupported && error?.message == "item 2 lies inside 'meta'; its bytes would move", "\(String(describing: error))")
        }
        for placement in [(offset: meta.offset - 4, length: 4), (offset: meta.end, length: 8)] as [(offset: UInt64, length: UInt64)] {
            let (before, after) = try added([2: placement])
            #expect(try after.itemBytes(2) == before.itemBytes(2), "item 2 at \(placement.offset), meta \(meta.offset)..<\(meta.end)")
            #expect(try after.itemBytes(1) == [1, 2, 3] && after.metaHeader.end > meta.end)
        }
    }

    /// Without a bound of its own, an item is read up to 16 MiB: one that size is read, one byte
    /// more is refused before anything is allocated for it.
    @Test("an item's bytes are read by default up to 16 MiB; one byte more is refused")
    func defaultItemBound() throws {
        let bound = 16 << 20
        for size in [bound, bound + 1] {
            let file = try Self.open(Self.heif(items: [(1, "hvc1", [1, 2, 3]), (2, "mime", [UInt8](repeating: 0x20, count: size))]))
            let item = try #require(file.locations.item(2))
            if size == bound {
                #expect(try file.itemBytes(2).count == bound && file.bytes(of: item).count == bound)
            } else {
                for read in [{ _ = try file.itemBytes(2) }, { _ = try file.bytes(of: item) }] as [() throws -> Void] {
                    let error = Support.expectParseError("one byte over") { try read() }
                    #expect(error?.kind == .tooLarge && error?.message == "item 2 holds \(bound + 1) bytes, more than the \(bound) read for it", "\(String(describing: error))")
                }
            }
        }
    }

    @Test("every truncation of a real HEIF is a ParseError")
    func truncationAtEveryCut() throws {
        let bytes = try Support.bytes(Support.fixture("still-heic.heic"))
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for cut in 0..<bytes.count {
            let path = try Support.write(Array(bytes[..<cut]), in: dir, name: "cut.heic")
            #expect(throws: ParseError.self, "cut at \(cut)") { _ = try HEIFFile.open(path: path) }
        }
    }

    @Test("random byte flips in meta: opens or throws ParseError, never crashes")
    func byteFlips() throws {
        let bytes = try Support.bytes(Support.fixture("still-heic.heic"))
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Seeded, so a crash found here is found again on the rerun (the seed is in the failure).
        let seed: UInt64 = 0x4845_4946
        var rng = SplitMix64(seed: seed)
        for round in 0..<400 {
            var damaged = bytes
            for _ in 0..<3 {
                let i = Int(file.metaHeader.offset) + Int.random(in: 8..<Int(file.metaHeader.size), using: &rng)
                damaged[i] = UInt8.random(in: 0...255, using: &rng)
            }
            let path = try Support.write(damaged, in: dir, name: "flip.heic")
            do { let f = try HEIFFile.open(path: path); _ = try? f.primaryDisplaySize() } catch is ParseError {} catch {
                Issue.record("seed \(seed), round \(round): \(error) is not a ParseError")
            }
        }
    }

    @Test("extents past the end of the file, derivation loops, a missing primary item")
    func structuralLies() throws {
        var past = Self.heif(items: [(1, "hvc1", [1, 2, 3])])
        past.removeLast()   // mdat size now runs past the file
        #expect(throws: ParseError.self) { _ = try Self.open(past) }
        let loop = Self.heif(items: [(1, "grid", [0]), (2, "grid", [0])],
                             references: [.init(type: "dimg", fromItemID: 1, toItemIDs: [2]), .init(type: "dimg", fromItemID: 2, toItemIDs: [1])])
        #expect(Support.expectParseError("loop") { _ = try Self.open(loop) }?.message.contains("loop") == true)
        let selfLoop = Self.heif(items: [(1, "grid", [0])], references: [.init(type: "dimg", fromItemID: 1, toItemIDs: [1])])
        #expect(Support.expectParseError("self loop") { _ = try Self.open(selfLoop) }?.message.contains("loop") == true)
        let noPrimary = Self.heif(items: [(1, "hvc1", [1])], primary: 7)
        #expect(Support.expectParseError("primary") { _ = try Self.open(noPrimary) }?.message.contains("primary item 7") == true)
        // An extent whose length runs past the end of the file (the mdat is fine, iloc lies).
        var file = Self.heif(items: [(1, "hvc1", [1, 2, 3])])
        let parsed = try Self.open(file)
        let iloc = try #require(parsed.meta.child("iloc"))
        let lengthOffset = Int(try #require(iloc.originalOffset)) + 8 + 4 + 2 + 2 + 2 + 2 + 2 + 2 + 4
        file[lengthOffset] = 0x7F
        #expect(Support.expectParseError("past end") { _ = try Self.open(file) }?.kind == .truncated)
    }

    @Test("10,000 items open, bounded by the bytes that hold them")
    func tenThousandItems() throws {
        let items = (1...10_000).map { (id: UInt32($0), type: FourCC("hvc1"), data: [UInt8(truncatingIfNeeded: $0)]) }
        let file = try Self.open(Self.heif(items: items, ilocVersion: 1))
        #expect(file.itemInfo.entries.count == 10_000)
        #expect(try file.itemBytes(10_000) == [UInt8(truncatingIfNeeded: 10_000)])
    }

    @Test("a meta of a million tiny boxes, or an iinf claiming a million items, is refused before anything is built for them")
    func boxFloods() throws {
        let ftyp = Support.box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1".utf8))
        var hdlr = ByteWriter(); hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("pict"); hdlr.zeros(13)
        let head = Support.box("hdlr", hdlr.bytes) + PrimaryItemBox(itemID: 1).atom().serialized()
        let frees = [UInt8]((0..<1_000_000).flatMap { _ in Support.box("free", []) })
        let flood = ftyp + Support.box("meta", [0, 0, 0, 0] + head + frees)
        #expect(Support.expectParseError("boxes") { _ = try Self.open(flood) }?.kind == .tooLarge)
        var iinf = ByteWriter(); iinf.u32(0x0100_0000); iinf.u32(1_000_000)
        for i in 0..<200_000 { iinf.append(Support.box("infe", [0, 0, 0, 0, UInt8(i >> 8 & 0xFF), UInt8(i & 0xFF), 0, 0])) }
        let items = ftyp + Support.box("meta", [0, 0, 0, 0] + head + Support.box("iinf", iinf.bytes))
        let error = Support.expectParseError("items") { _ = try Self.open(items) }
        #expect(error?.kind == .tooLarge && error?.path == "meta/iinf")
    }
}
