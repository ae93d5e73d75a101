import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// An `ilst` item's type is a 1-based index into `keys` (QuickTime File Format, Metadata):
/// 0 names no key, so an item naming key 0 is a damaged list, refused as a typed error that
/// names the item, never read as some other key.
@Suite("QuickTime metadata: an item naming key 0 is refused")
struct MetadataItemKeyZeroTests {
    @Test("one key, an item of index 0: ParseError invalidValue \"item names key 0 of 1\" in moov/meta/ilst")
    func keyZeroRefused() throws {
        var ilst = ByteWriter()
        ilst.u32(8 + 16 + 1); ilst.u32(0); ilst.u32(16 + 1); ilst.fourCC("data"); ilst.u32(1); ilst.u32(0); ilst.u8(0x41)
        let keys = QuickTimeMetadata(items: [.init(key: "k", typeIndicator: 1, value: [])]).keysAtom().atom.serialized()
        let meta = try Support.parseAtom(Support.box("meta", QuickTimeMetadata.handlerAtom().serialized() + keys + Support.box("ilst", ilst.bytes)))
        let error = #expect(throws: ParseError.self) { _ = try QuickTimeMetadata(meta: meta, path: "moov/meta") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.message == "item names key 0 of 1")
        #expect(error?.path == "moov/meta/ilst/item/data")
    }
}
