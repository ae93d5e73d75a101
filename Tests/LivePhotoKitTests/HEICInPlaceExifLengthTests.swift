import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// A new Exif item smaller than the old one goes over the old bytes (in place); its `iloc`
/// extent must then shrink to the EXIF written, or the item would carry the tail of the old
/// EXIF after the new one. Both ways `pair` edits a HEIC in place: a copy (`-o DIR`, the whole
/// file written anew) and the file itself (appended first, then settled into the old place).
@Suite("HEIC: after an in-place Exif edit, the item's iloc length is the EXIF written")
struct HEICInPlaceExifLengthTests {
    /// The new EXIF: the old one without its last `shorter` bytes (any bytes would do: the
    /// edit does not look inside them).
    static func edit(_ path: String, shorter: Int) throws -> (file: HEIFFile, exifID: UInt32, data: [UInt8]) {
        let file = try HEIFFile.open(path: path)
        let exifID = try #require(file.exifItemID)
        let item = try #require(file.locations.item(exifID))
        let old = try file.bytes(of: item)
        try #require(old.count > shorter + 8)
        return (file, exifID, Array(old.dropLast(shorter)))
    }

    static func checkItem(_ path: String, exifID: UInt32, data: [UInt8], size: Int) throws {
        let written = try HEIFFile.open(path: path)
        let item = try #require(written.locations.item(exifID))
        #expect(item.extents.map(\.length) == [UInt64(data.count)], "the extent is the EXIF written")
        #expect(try written.bytes(of: item) == data)
        #expect(Int(written.source.size) == size, "the EXIF went over the old one (the file keeps its size)")
    }

    @Test("a copy written whole", arguments: [1, 16, 200])
    func wholeFileCopy(shorter: Int) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (file, exifID, data) = try Self.edit(HEICPairTests.heicFixture, shorter: shorter)
        let edit = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: true)
        #expect(edit.placement == .inPlace)
        let target = dir.appendingPathComponent("copy.heic").path
        let writer = try HEIFWholeFileWriter.prepare(edit, targetPath: target, syncing: false)
        try writer.commit()
        try Self.checkItem(target, exifID: exifID, data: data, size: Int(file.source.size))
    }

    @Test("the file itself: appended, then settled into the old place", arguments: [1, 16, 200])
    func tailAppendSettled(shorter: Int) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0001.HEIC")
        let (file, exifID, data) = try Self.edit(path, shorter: shorter)
        let tail = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        let inPlace = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: true)
        let write = try HEIFTailAppendWrite(tail, inPlace: inPlace)
        #expect(write.canSettleInPlace)
        try write.prepare()
        try write.commit()
        write.settleInPlace()
        try Self.checkItem(path, exifID: exifID, data: data, size: Int(file.source.size))
    }
}
