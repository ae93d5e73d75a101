import BinaryIO
import Foundation
import Testing
import TestSupport
@testable import StillImage

/// Where `JPEGRewrite` puts what it writes: a new XMP segment in a source without one goes
/// right after the EXIF APP1; the MPF segment it patches takes the old one's place (one MPF
/// segment, never the old beside the new); ranges written after the image follow each other,
/// and an MPF entry naming the start of any of them points where that range now begins.
@Suite("JPEGRewrite: new XMP after EXIF, one MPF segment, trailing ranges one after another")
struct JPEGRewriteSegmentPlacementTests {
    @Test("still-apple-makernote.jpg (EXIF, no XMP) with a new XMP packet: SOI ... EXIF, the new XMP, then the rest as it was")
    func newXMPFollowsTheExif() throws {
        let path = Support.fixture("still-apple-makernote.jpg")
        let input = try Support.bytes(path)
        let inputStructure = try JPEGStructure.read(FileSource(path: path))
        let exif = try #require(inputStructure.exifSegment)
        try #require(!inputStructure.segments.contains(where: JPEGRewriteTests.isStandardXMP))
        let xmp = try XMPPacket.empty().segmentPayload()
        var rewrite = JPEGRewrite(imageEnd: UInt64(input.count))
        rewrite.xmpSegments = [xmp]
        let output = try JPEGRewriteTests.output(rewrite, path)
        let segment = [0xFF, 0xE1, UInt8((xmp.count + 2) >> 8), UInt8((xmp.count + 2) & 0xFF)] + xmp
        #expect(output == Array(input[..<Int(exif.endOffset)]) + segment + Array(input[Int(exif.endOffset)...]))
    }

    /// A JPEG whose first segment is an MPF index of `entries`, then `others`, the image, and `trailer`.
    static func jpeg(mpf entries: [(size: UInt32, offset: UInt32)], others: [(marker: UInt8, payload: [UInt8])] = [], trailer: [UInt8] = []) -> SyntheticJPEG {
        var jpeg = SyntheticJPEG()
        jpeg.leadingSegments = [(0xE2, MPFScanStartOffsetTests.mpf(entries))] + others
        jpeg.trailer = trailer
        return jpeg
    }

    @Test("an MPF segment before an XMP that grows: one MPF segment in the output, the output longer by the XMP's growth alone")
    func oneMPFSegment() throws {
        let oldXMP = XMPPacket.standardSignature + Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8)
        let jpeg = Self.jpeg(mpf: [(0, 0)], others: [(0xE1, oldXMP)])
        let input = jpeg.bytes
        let dir = try TempDir()
        let path = try dir.write("in.jpg", input)
        var rewrite = JPEGRewrite(imageEnd: UInt64(input.count))
        let xmp = try XMPPacket.empty().segmentPayload()
        rewrite.xmpSegments = [xmp]
        let output = try JPEGRewriteTests.output(rewrite, path)
        #expect(output.count == input.count + xmp.count - oldXMP.count)
        let structure = try JPEGStructure.read(FileSource(path: try dir.write("out.jpg", output)))
        #expect(structure.segments.filter { $0.isAPP(2) }.count == 1)
        #expect(structure.segments.map(\.marker) == (try JPEGStructure.read(FileSource(path: path))).segments.map(\.marker))
    }

    @Test("two source ranges after the image, written in the other order: the MPF entries naming their starts point at them")
    func trailingRangesInTurn() throws {
        let first: [UInt8] = [0xFF, 0xD8, 0xAA, 0xFF, 0xD9]
        let second: [UInt8] = [0xFF, 0xD8, 0xBB, 0xBB, 0xFF, 0xD9]
        let base = 2 + 4 + 4
        var jpeg = Self.jpeg(mpf: [(0, 0), (0, 0), (0, 0)], trailer: first + second)
        let primaryEnd = jpeg.bytes.count - first.count - second.count
        jpeg.leadingSegments[0].payload = MPFScanStartOffsetTests.mpf([(UInt32(primaryEnd), 0), (UInt32(first.count), UInt32(primaryEnd - base)),
                                                                      (UInt32(second.count), UInt32(primaryEnd + first.count - base))])
        let input = jpeg.bytes
        let dir = try TempDir()
        let path = try dir.write("in.jpg", input)
        var rewrite = JPEGRewrite(imageEnd: UInt64(primaryEnd))
        rewrite.trailing = [(offset: UInt64(primaryEnd + first.count), length: UInt64(second.count)), (offset: UInt64(primaryEnd), length: UInt64(first.count))]
        let output = try JPEGRewriteTests.output(rewrite, path)
        #expect(output.count == input.count)
        #expect(Array(output[primaryEnd...]) == second + first)
        let mpf = try #require(try JPEGStructure.read(FileSource(path: try dir.write("out.jpg", output))).segments.first { $0.isAPP(2) })
        let entries = try MPFScanStartOffsetTests.entries(of: output, mpf)
        #expect(entries.map(\.size) == [UInt32(primaryEnd), UInt32(first.count), UInt32(second.count)])
        #expect(entries.map(\.offset) == [0, UInt32(primaryEnd + second.count - base), UInt32(primaryEnd - base)])
        #expect(Array(output[(base + Int(entries[1].offset))...].prefix(first.count)) == first)
        #expect(Array(output[(base + Int(entries[2].offset))...].prefix(second.count)) == second)
    }
}
