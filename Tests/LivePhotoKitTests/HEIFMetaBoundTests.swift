import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A HEIF `meta` is read whole, so its size is bounded (8 MiB, the README's limit): a `meta` of
/// exactly 8 MiB opens and its items read as before; one byte more is refused unread.
@Suite("HEIF: meta of 8 MiB opens, 8 MiB + 1 is refused")
struct HEIFMetaBoundTests {
    @Test("meta padded by a free box to exactly 8 MiB opens with every item; a byte more is refused as too large")
    func metaSizeBound() throws {
        let dir = try TempDir()
        let source = try HEIFFile.open(path: HEICPairTests.heicFixture)
        // meta after mdat: its size changes no item offset.
        var layout = HEIFRelayout(metaAfterMdat: true, metaFreeBox: 8)
        let plain = try HEIFFile.open(path: dir.write("plain.heic", try layout.build(from: source)))
        layout.metaFreeBox += Int(HEIFFile.maximumMetaSize - plain.metaHeader.size)
        let at = try HEIFFile.open(path: dir.write("at.heic", try layout.build(from: source)))
        #expect(at.metaHeader.size == HEIFFile.maximumMetaSize)
        for item in source.locations.items {
            #expect(try at.itemBytes(item.itemID) == source.itemBytes(item.itemID), "item \(item.itemID)")
        }
        layout.metaFreeBox += 1
        let over = try dir.write("over.heic", try layout.build(from: source))
        let error = #expect(throws: ParseError.self) { _ = try HEIFFile.open(path: over) }
        #expect(error?.kind == .tooLarge && error?.message.contains("'meta' of 8388609 bytes exceeds the 8 MiB bound") == true, "\(String(describing: error))")
    }
}
