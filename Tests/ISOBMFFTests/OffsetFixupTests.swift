import Testing
import BinaryIO
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// The one offset pass shared by `stco`/`co64` and `iloc`: relocation, field growth, settling.
@Suite("Offset fix-up")
struct OffsetFixupTests {
    @Test("stco relocated past 4 GiB becomes co64; version/flags and trailing bytes stay")
    func chunkOffsetsGrow() throws {
        var table = try ChunkOffsetTable(try Support.parseAtom(Support.box("stco", Support.u32(0) + Support.u32(2) + Support.u32(100) + Support.u32(200) + [7])), path: "stco")
        table.relocateOffsets { $0 + 0xFFFF_FFC0 }
        let atom = try table.widenedAtom()
        #expect(atom.type == "co64")
        let back = try ChunkOffsetTable(atom, path: "co64")
        #expect(back.offsets == [100 + 0xFFFF_FFC0, 200 + 0xFFFF_FFC0])
        #expect(back.trailing == [7])
    }

    @Test("iloc: an item with a base offset moves its base, one without moves each extent")
    func itemLocationsRelocate() throws {
        var iloc = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4, baseOffsetSize: 4, items: [
            .init(itemID: 1, baseOffset: 1000, extents: [.init(offset: 0, length: 10), .init(offset: 50, length: 10)]),
            .init(itemID: 2, extents: [.init(offset: 100, length: 5), .init(offset: 2000, length: 5)]),
            .init(itemID: 3, constructionMethod: .idatOffset, extents: [.init(offset: 2000, length: 5)]),
        ])
        iloc.relocateOffsets { $0 >= 500 ? $0 + 24 : $0 }
        #expect(iloc.items[0].baseOffset == 1024 && iloc.items[0].extents.map(\.offset) == [0, 50])
        #expect(iloc.items[1].extents.map(\.offset) == [100, 2024])
        #expect(iloc.items[2].extents.map(\.offset) == [2000], "idat-relative offsets never move")
        #expect(try ItemLocationBox(try iloc.widenedAtom(), path: "iloc") == iloc, "fields that fit are not widened")
    }

    @Test("iloc offsets that outgrow 4 bytes widen the field to 8")
    func itemLocationsWiden() throws {
        var iloc = ItemLocationBox(version: 0, offsetSize: 4, lengthSize: 4, items: [.init(itemID: 1, extents: [.init(offset: 0xFFFF_FFF0, length: 4)])])
        iloc.relocateOffsets { $0 + 0x20 }
        #expect(throws: ParseError.self) { try iloc.atom() }
        let widened = try ItemLocationBox(try iloc.widenedAtom(), path: "iloc")
        #expect(widened.offsetSize == 8 && widened.lengthSize == 4)
        #expect(widened.items[0].extents[0].offset == 0x1_0000_0010)
    }

    /// A box of `count` absolute offsets placed in front of the data they point at, starting
    /// `base` bytes into the file: growing the table moves the data, which may grow the table.
    @Test("the layout settles with every offset pointing at its data, across the 4 GiB line")
    func settles() async {
        await propertyCheck(input: Gen.nearEnds(in: 0...4096), Gen.nearEnds(in: 1...64)) { below, count in await Support.failingOnThrow {
            let base = UInt64(UInt32.max) - UInt64(below) - 8 - UInt64(count) * 4
            let relative = (0..<UInt64(count)).map { $0 * 16 }
            var table = ChunkOffsetTable(offsets: relative, is64Bit: false)
            var passes = 0
            #expect(throws: Never.self) {
                try OffsetFixup.settle(from: UInt64(0), failure: ParseError(.invalidValue, "no settle", path: "stco")) { assumedSize in
                    passes += 1
                    table.offsets = relative
                    table.relocateOffsets { base + assumedSize + $0 }
                    return try table.widenedAtom().size
                }
            }
            let atom = try? table.widenedAtom()
            #expect(table.offsets.first == base + (atom?.size ?? 0))
            #expect(atom?.type == (table.offsets.last! > UInt64(UInt32.max) ? "co64" : "stco"))
            #expect(passes <= 3)
        } }
    }

    @Test("a layout that never agrees is a typed error, not a loop")
    func neverSettles() {
        var n = 0
        let error = Support.expectParseError("no settle") {
            try OffsetFixup.settle(from: 0, failure: ParseError(.invalidValue, "layout did not settle", path: "moov")) { _ in n += 1; return n }
        }
        #expect(error?.path == "moov")
        #expect(n == OffsetFixup.maximumPasses)
    }
}
