import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import LivePhotoKit

/// A HEIC edited in place grows by an appended `mdat` first. When that append cannot be
/// written whole (the disk is full), the file must be cut back to its original bytes: a
/// refused run changes nothing, not even the size.
@Suite("HEIC tail append: a failed append is cut back to the original file")
struct HEICTailAppendUndoTests {
    @Test("disk full during the append: the error is the disk's, the file is byte for byte as before",
          .enabled(if: PairSafetyTests.canMountTmpfs))
    func diskFullDuringAppend() throws {
        // 16 KiB of tmpfs: the HEIC takes two pages, so at most two more are free.
        let dir = try #require(PairSafetyTests.mountTmpfs(size: "16k"))
        defer { PairSafetyTests.unmount(dir) }
        let path = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0001.HEIC")
        let before = try Support.bytes(path)
        let file = try HEIFFile.open(path: path)
        let exifID = try #require(file.exifItemID)
        let old = try file.bytes(of: try #require(file.locations.item(exifID)))
        // A new EXIF far larger than the space left: the append runs out part way.
        let data = old + [UInt8](repeating: 0x5A, count: 64 * 1024)
        let edit = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: data, allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        let write = try HEIFTailAppendWrite(edit)
        let error = #expect(throws: ParseError.self) { try write.prepare() }
        #expect(error?.errno == .noSpace)
        #expect(try Support.bytes(path) == before, "the partly appended bytes are cut off again")
        #expect(try HEIFFile.open(path: path).exifItemID == exifID)
    }

    @Test("abort after a torn commit write: the old meta bytes go back, the append is cut, the file is as before")
    func abortAfterTornPatch() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, before, file, _, _, edit, write) = try Self.preparedExifGrowth(in: dir)
        #expect(try Support.bytes(path).count > before.count, "prepare appends the new item's bytes")
        // The commit's overwrite of `meta` got part way (a failing disk): the first half of the
        // differing run of the new `meta` is on disk, the rest not.
        let metaOffset = Int(file.metaHeader.offset)
        let oldMeta = Array(before[metaOffset..<(metaOffset + edit.metaBytes.count)])
        let first = try #require(oldMeta.indices.first { oldMeta[$0] != edit.metaBytes[$0] })
        let last = try #require(oldMeta.indices.last { oldMeta[$0] != edit.metaBytes[$0] })
        let torn = Array(edit.metaBytes[first...(first + (last - first) / 2)])
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64(metaOffset + first))
        try handle.write(contentsOf: Data(torn))
        try handle.close()
        #expect(try Support.bytes(path)[metaOffset + first] != before[metaOffset + first])
        write.abort()
        #expect(try Support.bytes(path) == before, "abort puts back the patched bytes and cuts the append")
    }

    @Test("abort after a whole commit (the written file failed its check): the old meta goes back, the append is cut, the file is as before")
    func abortAfterCommit() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, before, _, exifID, old, _, write) = try Self.preparedExifGrowth(in: dir)
        try write.commit()
        let committed = try HEIFFile.open(path: path)
        #expect(try committed.bytes(of: try #require(committed.locations.item(exifID))) == old + [1, 2, 3, 4], "the commit took effect")
        write.abort()
        #expect(try Support.bytes(path) == before, "abort after the commit puts back the old meta and cuts the append")
    }

    /// The commit overwrites only the run of `meta` bytes that differ (the item's `iloc`
    /// extent, a few bytes after meta's header, never the whole box); `bytesWritten` counts the
    /// append and exactly that run, and the committed file holds the new meta and the old bytes before it.
    @Test("commit: the append plus the run of changed iloc bytes, nothing else")
    func commitWritesTheDifferingRun() throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (path, before, file, _, _, edit, write) = try Self.preparedExifGrowth(in: dir)
        let metaOffset = Int(file.metaHeader.offset)
        let oldMeta = Array(before[metaOffset ..< metaOffset + Int(file.metaHeader.size)])
        try #require(oldMeta.count == edit.metaBytes.count)
        let first = try #require(oldMeta.indices.first { oldMeta[$0] != edit.metaBytes[$0] })
        let last = try #require(oldMeta.indices.last { oldMeta[$0] != edit.metaBytes[$0] })
        #expect(first > 8 && last - first < 16, "run \(first)...\(last) of \(oldMeta.count)")
        #expect(write.bytesWritten == edit.appendedBytes.count + (last - first + 1))
        try write.commit()
        let after = try Support.bytes(path)
        #expect(after.count == before.count + edit.appendedBytes.count)
        #expect(Array(after[metaOffset ..< metaOffset + oldMeta.count]) == edit.metaBytes)
        #expect(Array(after[..<metaOffset]) == Array(before[..<metaOffset]))
    }

    /// A copy of the HEIC fixture whose Exif item grows by four bytes, prepared (the new item
    /// appended), not committed: the state the abort tests start from.
    static func preparedExifGrowth(in dir: URL) throws
        -> (path: String, before: [UInt8], file: HEIFFile, exifID: UInt32, old: [UInt8], edit: HEIFItemEdit, write: HEIFTailAppendWrite) {
        let path = try Support.copy(HEICPairTests.heicFixture, to: dir, as: "IMG_0002.HEIC")
        let before = try Support.bytes(path)
        let file = try HEIFFile.open(path: path)
        let exifID = try #require(file.exifItemID)
        let old = try file.bytes(of: try #require(file.locations.item(exifID)))
        let edit = try HEIFItemEdit(file: file, replacing: exifID, newItem: nil, data: old + [1, 2, 3, 4], allowInPlace: false,
                                    marker: TailAppendMarker(originalLength: file.source.size))
        let write = try HEIFTailAppendWrite(edit)
        try write.prepare()
        return (path, before, file, exifID, old, edit, write)
    }
}
