import Testing
import BinaryIO
@testable import ISOBMFF

/// `MetadataStringEdit.addIfMissing` adds an item only for a key no item holds: a key that is
/// the first entry of `keys` (item 1) with its item is present, and the `meta` is left byte for
/// byte as it was, whatever the item's value.
@Suite("meta: addIfMissing leaves a key its item already holds alone")
struct MetadataAddIfMissingTests {
    static let key = "com.apple.quicktime.live-photo.auto"

    /// hdlr, a keys table of `key` alone, and item 1 holding `value` (type 22).
    static func meta(value: [UInt8]) -> [UInt8] {
        var hdlr = ByteWriter()
        hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("mdta"); hdlr.append([UInt8](repeating: 0, count: 13))
        let keys = Support.box("keys", Support.u32(0) + Support.u32(1) + MetadataStringEditTests.keyEntry("mdta", key))
        let item = Support.box(FourCC(1), MetadataStringEditTests.data(type: 22, value))
        return Support.box("meta", Support.box("hdlr", hdlr.bytes) + keys + Support.box("ilst", item))
    }

    @Test("key 1 with its item 1: nothing added, every byte as before, the item's value kept")
    func presentFirstKeyKept() throws {
        let bytes = Self.meta(value: [7])
        let meta = try Support.parseAtom(bytes)
        try MetadataStringEdit.addIfMissing(.init(typeField: 22, value: [1]), forKey: Self.key, in: meta, path: "moov/meta")
        #expect(meta.serialized() == bytes)
        let read = try #require(try QuickTimeMetadata(meta: try Support.parseAtom(meta.serialized()), path: "moov/meta"))
        #expect(read.items.map(\.key) == [Self.key] && read.item(forKey: Self.key)?.value == [7])
    }
}
