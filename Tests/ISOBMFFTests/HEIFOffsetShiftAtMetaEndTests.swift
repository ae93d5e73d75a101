import Testing
import BinaryIO
@testable import ISOBMFF

/// When `meta` changes size, every absolute item offset at or past its old end moves with the
/// bytes after it, an offset exactly at the end too (the first byte after `meta`); an offset
/// before `meta` stays. A moved base offset carries its item's relative extents along.
@Suite("HEIF: offsets shifted when meta changes size, from meta's end on")
struct HEIFOffsetShiftAtMetaEndTests {
    @Test("an extent or a base offset exactly at meta's end moves by the shift; one before meta stays")
    func offsetAtMetaEndMoves() throws {
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let meta = file.metaHeader
        try #require(meta.offset >= 8 && meta.end + 16 <= file.source.size, "meta before the media: \(meta.offset)..<\(meta.end)")
        var iloc = ItemLocationBox(version: 1, offsetSize: 4, lengthSize: 4, baseOffsetSize: 4, items: [
            .init(itemID: 100, extents: [.init(offset: meta.end, length: 4)]),
            .init(itemID: 101, baseOffset: meta.end, extents: [.init(offset: 8, length: 4)]),
            .init(itemID: 102, extents: [.init(offset: meta.end + 8, length: 4)]),
            .init(itemID: 103, extents: [.init(offset: 0, length: 4)]),
        ])
        try HEIFItemEdit.shiftAbsoluteOffsets(&iloc, by: 100, after: meta, except: [], file: file)
        #expect(iloc.items.map(\.baseOffset) == [0, meta.end + 100, 0, 0])
        #expect(iloc.items.map { $0.extents.map(\.offset) } == [[meta.end + 100], [8], [meta.end + 108], [0]])
    }
}
