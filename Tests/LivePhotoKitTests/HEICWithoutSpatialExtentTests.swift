import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF
@testable import StillImage
@testable import LivePhotoKit

/// A HEIC whose primary item has no `ispe` (image spatial extents) has no size we can read:
/// `inspect` reports it as 0x0, and the EXIF `pair` creates for it (when it has no `Exif`
/// item) says PixelXDimension and PixelYDimension 0, never a made-up size.
@Suite("a HEIC without ispe: size 0x0")
struct HEICWithoutSpatialExtentTests {
    /// `bytes` with the one `ispe` property renamed `xspe`: a box no reader knows, so the
    /// primary keeps its other properties but has no size.
    static func withoutSpatialExtent(_ bytes: [UInt8]) throws -> [UInt8] {
        var out = bytes
        let at = try #require(out.firstRange(of: Array("ispe".utf8)))
        #expect(out[at.upperBound...].firstRange(of: Array("ispe".utf8)) == nil, "one ispe only")
        out[at.lowerBound] = UInt8(ascii: "x")
        return out
    }

    @Test("inspect: the still is 0x0 (the fixture itself is 320x240)")
    func inspectSaysZero() throws {
        let dir = try TempDir()
        let path = try dir.write("IMG.HEIC", try Self.withoutSpatialExtent(try Support.bytes(Support.fixture("still-heic.heic"))))
        let file = try HEIFFile.open(path: path)
        #expect(try file.primaryDisplaySize() == nil)
        let report = try Inspector.inspect(path: path)
        #expect(report.format == .heic)
        #expect(report.still?.width == 0)
        #expect(report.still?.height == 0)
        #expect(report.heif?.primary.width == nil && report.heif?.primary.height == nil)
        let info = try HEICStill(path: path).info(path: path)
        #expect(info.width == 0 && info.height == 0)

        let original = try Inspector.inspect(path: Support.fixture("still-heic.heic"))
        #expect(original.still?.width == 320 && original.still?.height == 240)
    }

    /// The 4-byte LONG value of `tag` in the Exif IFD of an `Exif` item's bytes (offset, "Exif\0\0", TIFF).
    static func exifLong(_ tag: UInt16, in item: [UInt8]) throws -> UInt32 {
        let tiff = try ExifTIFF(payload: Array(item.dropFirst(4)))
        let entry = try #require(tiff.entry(tag, in: .exif), "tag \(tag)")
        #expect(entry.type == 4 && entry.count == 1)
        guard case .bytes(let range) = entry.value else { Issue.record("no value for \(tag)"); return UInt32.max }
        return tiff.readUInt32(at: range.lowerBound)
    }

    @Test("a HEIC with no Exif item and no ispe: the new EXIF says PixelXDimension 0 and PixelYDimension 0")
    func newExifSaysZero() throws {
        let dir = try TempDir()
        let withoutExif = try HEIFRelayout(dropExif: true).build(from: HEIFFile.open(path: Support.fixture("still-heic.heic")))
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"

        // With its ispe the new EXIF carries the displayed size…
        let sized = try HEICStill(path: try dir.write("sized.heic", withoutExif))
        let sizedChange = try HEICIdentifierWriter.exifChange(sized, identifier: id, replaceForeignMakerNote: false)
        #expect(sizedChange.replacing == nil && sizedChange.newItem != nil)
        #expect(try Self.exifLong(0xA002, in: sizedChange.data) == 320)
        #expect(try Self.exifLong(0xA003, in: sizedChange.data) == 240)

        // …without it, 0 by 0.
        let unsized = try HEICStill(path: try dir.write("unsized.heic", try Self.withoutSpatialExtent(withoutExif)))
        #expect(try unsized.exifPayload() == nil)
        let change = try HEICIdentifierWriter.exifChange(unsized, identifier: id, replaceForeignMakerNote: false)
        #expect(change.replacing == nil && change.newItem != nil)
        #expect(try Self.exifLong(0xA002, in: change.data) == 0)
        #expect(try Self.exifLong(0xA003, in: change.data) == 0)
    }
}
