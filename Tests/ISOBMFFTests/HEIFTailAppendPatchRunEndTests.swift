import Foundation
import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A tail append patches `meta` with the run of bytes that differ, from the first to the last
/// differing byte, wherever that last byte lies: the commit (old `meta` to the appended
/// edit's) and the settle (appended edit's to the in-place edit's) each write their whole run,
/// so the file's `meta` ends up byte for byte as planned whether the run ends an odd or an even
/// number of bytes before the end of `meta`.
@Suite("HEIF tail append: the patched run of meta ends at its last differing byte")
struct HEIFTailAppendPatchRunEndTests {
    /// The last index where `a` and `b` differ, counted back from the end of `meta`.
    static func lastDifferenceFromEnd(_ a: [UInt8], _ b: [UInt8]) throws -> Int {
        let last = try #require(a.indices.last { a[$0] != b[$0] })
        return a.count - 1 - last
    }

    static func meta(of path: String, _ file: HEIFFile) throws -> [UInt8] {
        let bytes = try Support.bytes(path)
        return Array(bytes[Int(file.metaHeader.offset) ..< Int(file.metaHeader.end)])
    }

    /// Commits the fixture's Exif item shortened by `shorter` bytes as a tail append; the
    /// distance of the commit's last differing byte from the end of `meta`.
    static func commitShortened(by shorter: Int, in dir: TempDir) throws -> Int {
        let path = try Support.copy(Support.fixture("still-heic.heic"), to: dir.url, as: "commit-\(shorter).heic")
        let file = try HEIFFile.open(path: path)
        let exifID = try #require(file.exifItemID)
        let old = try file.bytes(of: try #require(file.locations.item(exifID)))
        try #require(old.count > shorter + 8)
        let data = Array(old.dropLast(shorter))
        let edit = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        let oldMeta = try Self.meta(of: path, file)
        try #require(oldMeta.count == edit.metaBytes.count)
        let first = try #require(oldMeta.indices.first { oldMeta[$0] != edit.metaBytes[$0] })
        let fromEnd = try Self.lastDifferenceFromEnd(oldMeta, edit.metaBytes)
        let write = try HEIFTailAppendWrite(edit)
        #expect(write.bytesWritten == edit.appendedBytes.count + (oldMeta.count - 1 - fromEnd) - first + 1, "shorter by \(shorter)")
        try write.prepare()
        try write.commit()
        #expect(try Self.meta(of: path, file) == edit.metaBytes, "shorter by \(shorter): the committed meta")
        let committed = try HEIFFile.open(path: path)
        #expect(try committed.bytes(of: try #require(committed.locations.item(exifID))) == data)
        return fromEnd
    }

    @Test("Exif shortened by 1 and by 256 bytes: its iloc length's last differing byte one place apart, both committed whole")
    func commitRunEitherParity() throws {
        let dir = try TempDir()
        let ends = try [1, 256].map { try Self.commitShortened(by: $0, in: dir) }
        #expect(Set(ends.map { $0 % 2 }).count == 2, "the two runs end at both parities: \(ends)")
    }

    /// The fixture followed by a `free` box of `padding` bytes, its Exif item shortened by 16
    /// bytes, appended then settled into the old place. The settle's last differing byte's
    /// distance from the end of `meta`, and the item's offset when appended and before.
    static func settle(padding: Int, in dir: TempDir) throws -> (fromEnd: Int, appendedOffset: UInt64, oldOffset: UInt64) {
        let free = Support.u32(UInt32(padding)) + Array("free".utf8) + [UInt8](repeating: 0, count: padding - 8)
        let path = try dir.write("settle-\(padding).heic", try Support.bytes(Support.fixture("still-heic.heic")) + free)
        let file = try HEIFFile.open(path: path)
        let exifID = try #require(file.exifItemID)
        let item = try #require(file.locations.item(exifID))
        let data = Array(try file.bytes(of: item).dropLast(16))
        let tail = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        let inPlace = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: true)
        let write = try HEIFTailAppendWrite(tail, inPlace: inPlace)
        try #require(write.canSettleInPlace)
        try write.prepare()
        try write.commit()
        let appended = try #require(try HEIFFile.open(path: path).locations.item(exifID)?.extents.first?.offset)
        let fromEnd = try Self.lastDifferenceFromEnd(tail.metaBytes, inPlace.metaBytes)
        write.settleInPlace()
        #expect(try Self.meta(of: path, file) == inPlace.metaBytes, "padding \(padding): the settled meta")
        let settled = try HEIFFile.open(path: path)
        #expect(settled.source.size == file.source.size, "padding \(padding): settled, the file keeps its size")
        #expect(try settled.bytes(of: try #require(settled.locations.item(exifID))) == data)
        return (fromEnd, appended, try #require(item.extents.first?.offset))
    }

    @Test("settled with the appended offset's low byte different from, then equal to, the old one's: both settles written whole")
    func settleRunEitherParity() throws {
        let dir = try TempDir()
        let first = try Self.settle(padding: 8, in: dir)
        // Padding that makes the appended offset end in the old offset's low byte.
        let shift = Int((first.oldOffset &- first.appendedOffset) & 0xFF)
        let second = try Self.settle(padding: 8 + (shift == 0 ? 1 : shift), in: dir)
        #expect(first.fromEnd % 2 != second.fromEnd % 2, "the two settles end at both parities: \(first.fromEnd), \(second.fromEnd)")
    }
}
