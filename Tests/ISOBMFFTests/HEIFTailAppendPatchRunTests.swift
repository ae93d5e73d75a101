import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A HEIF tail append writes the new item's bytes after the file and, at commit, only the run
/// of `meta` bytes that differ (from the first differing byte to the last): the `iloc` extent
/// of the item, a few bytes, never the whole box. `bytesWritten` counts exactly those.
@Suite("HEIF tail append: only the differing run of meta is written")
struct HEIFTailAppendPatchRunTests {
    @Test("the HEIC fixture's Exif item grown by 4 bytes: the append plus the run of changed iloc bytes")
    func patchIsTheDifferingRun() throws {
        let dir = try TempDir()
        let path = try Support.copy(Support.fixture("still-heic.heic"), to: dir.url, as: "IMG.HEIC")
        let before = try Support.bytes(path)
        let file = try HEIFFile.open(path: path)
        let exifID = try #require(file.exifItemID)
        let old = try file.bytes(of: try #require(file.locations.item(exifID)))
        let edit = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: old + [1, 2, 3, 4], allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        let write = try HEIFTailAppendWrite(edit)

        let metaOffset = Int(file.metaHeader.offset)
        let oldMeta = Array(before[metaOffset ..< metaOffset + Int(file.metaHeader.size)])
        #expect(oldMeta.count == edit.metaBytes.count)
        let first = try #require(oldMeta.indices.first { oldMeta[$0] != edit.metaBytes[$0] })
        let last = try #require(oldMeta.indices.last { oldMeta[$0] != edit.metaBytes[$0] })
        // The run lies inside iloc, well after meta's own header.
        #expect(first > 8 && last - first < 16, "run \(first)...\(last) of \(oldMeta.count)")
        #expect(write.bytesWritten == edit.appendedBytes.count + (last - first + 1))

        try write.prepare()
        try write.commit()
        let after = try Support.bytes(path)
        #expect(after.count == before.count + edit.appendedBytes.count)
        #expect(Array(after[metaOffset ..< metaOffset + oldMeta.count]) == edit.metaBytes)
        #expect(Array(after[..<metaOffset]) == Array(before[..<metaOffset]))
    }
}
