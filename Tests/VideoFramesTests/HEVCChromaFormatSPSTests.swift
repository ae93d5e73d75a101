import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import VideoFrames

/// An SPS for 4:4:4 (chroma_format_idc 3), and only for 4:4:4, carries
/// separate_colour_plane_flag before the picture size: every chroma format is read past exactly
/// the bits it has, for any size and bit depth, and what x265 writes for 4:2:2 and 4:4:4 reads as
/// ffprobe reads it.
@Suite("HEVC SPS: every chroma format, with the 4:4:4 colour-plane flag")
struct HEVCChromaFormatSPSTests {
    /// An SPS with one layer, `chroma`, the size and bit depths; 4:4:4 gets the colour-plane
    /// flag `separatePlanes`.
    static func sps(chroma: Int, separatePlanes: Bool, width: Int, height: Int, luma: Int, chromaDepth: Int) -> [UInt8] {
        var b = HEVCSubLayerSPSTests.Bits()
        b.bits(0, 4); b.bits(0, 3); b.bit(true)              // VPS id, max_sub_layers_minus1 0, nesting
        for byte: UInt8 in [0x04, 0x08, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 120] { b.bits(UInt64(byte), 8) }   // RExt profile
        b.ue(0); b.ue(UInt64(chroma))                        // SPS id, chroma format
        if chroma == 3 { b.bit(separatePlanes) }
        b.ue(UInt64(width)); b.ue(UInt64(height))
        b.bit(false)                                         // no conformance window
        b.ue(UInt64(luma - 8)); b.ue(UInt64(chromaDepth - 8))
        b.ue(4)                                              // log2_max_pic_order_cnt_lsb_minus4: any further field
        b.bit(true); while b.used % 8 != 0 { b.bit(false) }  // RBSP trailing bits
        return [0x42, 0x01] + escaped(b.bytes)
    }

    /// The RBSP as a NAL unit's payload: an emulation-prevention byte after two zeros that
    /// precede a byte of 3 or less (H.265 7.4.2).
    static func escaped(_ rbsp: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], zeros = 0
        for byte in rbsp {
            if zeros >= 2 && byte <= 3 { out.append(3); zeros = 0 }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    @Test("for any chroma format, size and bit depth: the facts written are the facts read")
    func everyChromaFormat() async {
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 0...7), Gen.nearEnds(in: 1...16384), Gen.nearEnds(in: 1...16384), Gen.nearEnds(in: 8...16)) { shape, width, height, depth in
            let chroma = shape & 3, separate = shape >= 4
            let sps = Self.sps(chroma: chroma, separatePlanes: separate, width: width, height: height, luma: depth, chromaDepth: 24 - depth)
            let facts = try? HEVCConfigurationRecord.sequenceFacts(sps: sps[...])
            #expect(facts?.chromaFormat == chroma, "chroma \(chroma)")
            #expect(facts?.width == width && facts?.height == height, "chroma \(chroma) separate \(separate): \(String(describing: facts))")
            #expect(facts?.bitDepthLuma == depth && facts?.bitDepthChroma == 24 - depth, "chroma \(chroma)")
        }
    }

    /// x265 (through ffmpeg) writes 4:2:2 and 4:4:4 streams: their SPS, read by us, has the
    /// size, chroma format and bit depth ffprobe reports.
    @Test(.requires(.ffmpeg), .requires(.ffprobe), arguments: [("yuv422p10le", 2, 10), ("yuv444p", 3, 8), ("yuv420p", 1, 8)])
    func x265ChromaFormats(pixelFormat: String, chroma: Int, depth: Int) throws {
        let dir = try Support.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stream = dir.appendingPathComponent("clip.hevc").path
        let ffmpeg = try Support.requireTool("ffmpeg")
        let made = try Support.run(ffmpeg, ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=200x120:rate=1:duration=1",
                                            "-pix_fmt", pixelFormat, "-c:v", "libx265", "-x265-params", "log-level=error", "-f", "hevc", stream])
        try #require(made.status == 0, Comment(rawValue: made.err))
        let units = HEVCNALUnits.splitAnnexB(Array(try Data(contentsOf: URL(fileURLWithPath: stream))))
        let sps = try #require(units.first { HEVCNALUnits.type($0) == 33 })
        let facts = try HEVCConfigurationRecord.sequenceFacts(sps: sps)
        let probe = try Support.ffprobeJSON(["-show_entries", "stream=width,height,pix_fmt"], file: stream)
        let described = try #require((probe["streams"] as? [[String: Any]])?.first)
        #expect(described["pix_fmt"] as? String == pixelFormat)
        #expect(facts.chromaFormat == chroma && facts.bitDepthLuma == depth && facts.bitDepthChroma == depth, "\(facts)")
        // The coded size is padded to whole coding blocks; ffprobe reports the cropped one.
        let codedWidth = try #require(described["width"] as? Int), codedHeight = try #require(described["height"] as? Int)
        #expect(facts.width >= codedWidth && facts.width - codedWidth < 64 && facts.height >= codedHeight && facts.height - codedHeight < 64, "\(facts)")
    }
}
