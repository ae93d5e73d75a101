import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// An item whose extent has length 0 runs to the end of the file. A tail edit that appends
/// first gives that extent its length (or it would take the appended bytes in); settling the
/// edit into the old places then cuts the tail off, and must put the 0 back. With `iloc` last in
/// `meta` and that item last in `iloc`, its length field is `meta`'s very last bytes: the settled
/// `meta` must be the in-place edit's, to its last byte. Lives beside `HEIFRelayout`.
@Suite("HEIF tail append settled: an open extent at meta's last bytes is open again")
struct HEIFSettleOpenExtentTests {
    @Test func settledMetaToItsLastByte() throws {
        let dir = try TempDir()
        let xmp = [UInt8](repeating: 0x41, count: 100)
        var bytes = try HEIFRelayout(extraItems: [xmp], ilocLast: true).build(from: HEIFFile.open(path: HEICPairTests.heicFixture))
        let built = try HEIFFile.open(path: try dir.write("built.heic", bytes))
        try #require(built.meta.children?.last?.type == "iloc" && built.locations.items.last?.extents.map(\.length) == [100])
        // The last item's length field (meta's last 4 bytes) set to 0: to the end of the file, the same 100 bytes.
        bytes.replaceSubrange(Int(built.metaHeader.end) - 4..<Int(built.metaHeader.end), with: [0, 0, 0, 0])
        let path = try dir.write("IMG.HEIC", bytes)
        let file = try HEIFFile.open(path: path)
        let open = try #require(file.locations.items.last)
        try #require(open.extents.map(\.length) == [0] && (try file.bytes(of: open)) == xmp)

        let exifID = try #require(file.exifItemID)
        let data = Array(try file.bytes(of: try #require(file.locations.item(exifID))).dropLast(1))
        let tail = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        let inPlace = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: true)
        try #require(tail.metaBytes.suffix(4) == [0, 0, 0, 100] && inPlace.metaBytes.suffix(4) == [0, 0, 0, 0])
        let write = try HEIFTailAppendWrite(tail, inPlace: inPlace)
        try #require(write.canSettleInPlace)
        try write.prepare()
        try write.commit()
        write.settleInPlace()

        let settled = try HEIFFile.open(path: path)
        #expect(settled.source.size == file.source.size)
        #expect(try settled.source.read(at: settled.metaHeader.offset, count: Int(settled.metaHeader.size)) == inPlace.metaBytes)
        #expect(settled.locations.items.last?.extents.map(\.length) == [0], "the extent is open again")
        #expect(try settled.bytes(of: try #require(settled.locations.item(exifID))) == data)
    }
}
