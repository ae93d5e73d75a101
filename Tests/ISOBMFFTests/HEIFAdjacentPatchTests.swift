import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A whole-file HEIF write lays each in-place item's new bytes over its old ones. Two items
/// whose bytes touch (the fixture's primary image ends where its Exif starts) give two patches
/// where the second starts exactly where the first ends: both must land.
@Suite("HEIF whole-file write: in-place items that touch both get their new bytes")
struct HEIFAdjacentPatchTests {
    @Test("the fixture's primary and Exif items, replaced in place with bytes of their own sizes, both read back new")
    func adjacentItemsBothPatched() throws {
        let dir = try TempDir()
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let exifID = try #require(file.exifItemID)
        let primary = try #require(file.locations.item(file.primaryItemID)), exif = try #require(file.locations.item(exifID))
        let primaryRange = try #require(try file.dataRanges(of: primary).first), exifRange = try #require(try file.dataRanges(of: exif).first)
        try #require(primaryRange.upperBound == exifRange.lowerBound, "the fixture's two items touch")
        let newPrimary = [UInt8](repeating: 0xA5, count: Int(primaryRange.upperBound - primaryRange.lowerBound))
        let newExif = try file.bytes(of: exif).reversed().map { $0 ^ 0x5A }
        let edit = try HEIFItemEdit(file: file, changes: [.init(.replacing(exifID), data: newExif), .init(.replacing(file.primaryItemID), data: newPrimary)],
                                    allowInPlace: true)
        #expect(edit.placement == .inPlace)
        #expect(edit.patches.map(\.offset) == [primaryRange.lowerBound, exifRange.lowerBound])
        let out = dir.path("out.heic")
        try HEIFWholeFileWriter.prepare(edit, targetPath: out, syncing: false).commit()
        let written = try HEIFFile.open(path: out)
        #expect(try written.itemBytes(file.primaryItemID) == newPrimary)
        #expect(try written.itemBytes(exifID) == newExif)
        #expect(written.source.size == file.source.size)
        // Every byte outside the two items is the original's.
        let before = try Support.bytes(Support.fixture("still-heic.heic")), after = try Support.bytes(out)
        let items = Int(primaryRange.lowerBound)..<Int(exifRange.upperBound)
        #expect(after.indices.filter { !items.contains($0) && after[$0] != before[$0] }.allSatisfy { $0 < Int(file.metaHeader.end) })
    }
}
