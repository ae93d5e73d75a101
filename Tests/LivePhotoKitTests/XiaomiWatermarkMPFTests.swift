import Foundation
import Testing
import BinaryIO
import StillImage
@testable import LivePhotoKit

/// A Xiaomi Motion Photo whose MPF index names the watermark image between the EOI and the
/// video: the converted still keeps the watermark after its primary image, and the MPF entries
/// point at where both now are, though the edit before the scan moved them.
@Suite(.requires(.ffmpeg))
struct XiaomiWatermarkMPFTests {
    /// An MPF APP2 segment (big-endian) of two images: the primary, and one at `offset` from
    /// the MPF TIFF header.
    static func mpfSegment(primarySize: UInt32, secondSize: UInt32, secondOffset: UInt32) -> [UInt8] {
        var w = ByteWriter(capacity: 128)
        w.append(MPFIndex.signature)
        w.append([0x4D, 0x4D]); w.u16(0x2A); w.u32(8)
        w.u16(3)
        w.u16(0xB000); w.u16(7); w.u32(4); w.append(Array("0100".utf8))
        w.u16(0xB001); w.u16(4); w.u32(1); w.u32(2)
        w.u16(0xB002); w.u16(7); w.u32(32); w.u32(8 + 2 + 3 * 12 + 4)
        w.u32(0)
        w.u32(0x03_0000); w.u32(primarySize); w.u32(0); w.u16(0); w.u16(0)
        w.u32(0); w.u32(secondSize); w.u32(secondOffset); w.u16(0); w.u16(0)
        let payload = w.bytes
        return [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    /// The entries of the first MPF segment of `jpeg`, and where its offsets count from.
    static func mpfEntries(_ jpeg: [UInt8]) throws -> (base: Int, entries: [MPFIndex.Entry]) {
        let at = try #require(jpeg.firstRange(of: MPFIndex.signature)).lowerBound
        let length = Int(jpeg[at - 2]) << 8 | Int(jpeg[at - 1])
        var entries: [MPFIndex.Entry] = []
        _ = try MPFIndex.rewrite(Array(jpeg[at..<(at + length - 2)]), payloadOffset: UInt64(at)) { _, e in entries.append(e); return e }
        return (at + 4, entries)
    }

    @Test func theWatermarkKeptAfterThePrimaryIsWhereMPFSays() throws {
        let jpeg = OtherMakerMotionPhotoTests.jpeg, mp4 = OtherMakerMotionPhotoTests.mp4
        let watermark = jpeg
        // MPF before the XMP packets: the XMP edit moves the images but not the MPF header, so
        // the watermark's offset must change (an edit before MPF moves both alike).
        let layout = { (mpf: [UInt8]) in OtherMakerLayouts.inserting(mpf, into: OtherMakerLayouts.xiaomi(jpeg, video: mp4, watermark: watermark)) }
        let probe = layout(Self.mpfSegment(primarySize: 0, secondSize: 0, secondOffset: 0))
        let primary = probe.count - watermark.count - mp4.count
        let base = try #require(probe.firstRange(of: MPFIndex.signature)).lowerBound + 4
        let input = layout(Self.mpfSegment(primarySize: UInt32(primary), secondSize: UInt32(watermark.count), secondOffset: UInt32(primary - base)))
        #expect(try Self.mpfEntries(input).entries.map(\.offset) == [0, UInt32(primary - base)])

        let (dir, path) = try OtherMakerMotionPhotoTests.write(input, "IMG_20240101_120000.jpg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try OtherMakerMotionPhotoTests.convertsToValidPair(path, in: dir)
        let still = try Support.bytes(try #require(r.still))
        let newPrimary = still.count - watermark.count
        #expect(Array(still.suffix(watermark.count)) == watermark)
        let (newBase, entries) = try Self.mpfEntries(still)
        #expect(newPrimary - newBase != primary - base, "the edit after MPF moved the images (else this test proves nothing)")
        #expect(entries.map(\.size) == [UInt32(newPrimary), UInt32(watermark.count)])
        #expect(entries.map(\.offset) == [0, UInt32(newPrimary - newBase)], "the watermark's offset moved with it")
        if Support.reader("exiftool") != nil {
            #expect(try MotionPhotoFixtures.exiftoolBinary("MPImage2", r.still!) == watermark, "exiftool finds the watermark where MPF says")
        }
    }
}
