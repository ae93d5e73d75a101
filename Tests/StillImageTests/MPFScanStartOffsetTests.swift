import BinaryIO
import Testing
import TestSupport
@testable import StillImage

/// An edit between the MPF segment and the image (here a longer XMP packet) moves everything
/// from the SOS marker on, and not the MPF header the offsets count from: an MPF image that
/// starts anywhere from the SOS marker (included) to the image's end has its offset moved by
/// the edit's length, so it still points at the same bytes.
@Suite("MPF offsets: an image starting at the SOS marker moves with the image data")
struct MPFScanStartOffsetTests {
    /// An MPF APP2 payload (big-endian) with one MP Entry per (size, offset).
    static func mpf(_ entries: [(size: UInt32, offset: UInt32)]) -> [UInt8] {
        var w = ByteWriter(capacity: 64)
        w.append(MPFIndex.signature)
        w.append([0x4D, 0x4D]); w.u16(0x2A); w.u32(8)
        w.u16(1)
        w.u16(0xB002); w.u16(7); w.u32(UInt32(16 * entries.count)); w.u32(8 + 2 + 12 + 4)
        w.u32(0)
        for (k, e) in entries.enumerated() { w.u32(k == 0 ? 0x03_0000 : 0); w.u32(e.size); w.u32(e.offset); w.u16(0); w.u16(0) }
        return w.bytes
    }

    static func entries(of bytes: [UInt8], _ mpf: JPEGSegment) throws -> [MPFIndex.Entry] {
        var found: [MPFIndex.Entry] = []
        _ = try MPFIndex.rewrite(Array(bytes[Int(mpf.payloadOffset)..<Int(mpf.endOffset)]), payloadOffset: mpf.payloadOffset) { _, e in found.append(e); return e }
        return found
    }

    @Test("entries at the SOS marker and at the bytes after EOI point at the same bytes after a longer XMP")
    func offsetAtTheScanStart() throws {
        var jpeg = SyntheticJPEG()
        let second: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]
        jpeg.trailer = second
        let oldXMP = XMPPacket.standardSignature + Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8)
        // MPF first (payload at 6, offsets from 10), the XMP after it: the edit lies between the two.
        let base = 2 + 4 + 4
        jpeg.leadingSegments = [(0xE2, Self.mpf([(0, 0), (0, 0), (0, 0)])), (0xE1, oldXMP)]
        let primaryEnd = jpeg.bytes.count - second.count
        jpeg.leadingSegments[0].payload = Self.mpf([(UInt32(primaryEnd), 0), (4, UInt32(jpeg.scanStart - base)), (4, UInt32(primaryEnd - base))])
        let input = jpeg.bytes
        let dir = try TempDir()
        let path = try dir.write("in.jpg", input)
        let inputMPF = try #require(try JPEGStructure.read(FileSource(path: path)).segments.first { $0.isAPP(2) })
        #expect(try Self.entries(of: input, inputMPF).map(\.offset) == [0, UInt32(jpeg.scanStart - base), UInt32(primaryEnd - base)])

        var rewrite = JPEGRewrite(imageEnd: UInt64(input.count))
        rewrite.primaryEnd = UInt64(primaryEnd)
        rewrite.xmpSegments = [try XMPPacket.empty().segmentPayload()]
        let output = try JPEGRewriteTests.output(rewrite, path)
        let shift = output.count - input.count
        try #require(shift > 0, "the new XMP is longer")
        let outPath = try dir.write("out.jpg", output)
        let structure = try JPEGStructure.read(FileSource(path: outPath))
        let mpf = try #require(structure.segments.first { $0.isAPP(2) })
        #expect(Int(mpf.payloadOffset) + 4 == base, "the MPF header did not move")
        let entries = try Self.entries(of: output, mpf)
        #expect(entries.map(\.size) == [UInt32(primaryEnd + shift), 4, 4])
        #expect(entries.map(\.offset) == [0, UInt32(jpeg.scanStart + shift - base), UInt32(primaryEnd + shift - base)])
        // Each points at what it did: the SOS marker, the second image.
        #expect(Int(structure.scanStart) == base + Int(entries[1].offset))
        #expect(Array(output[(base + Int(entries[1].offset))...].prefix(2)) == [0xFF, 0xDA])
        #expect(Array(output[(base + Int(entries[2].offset))...]) == second)
    }
}
