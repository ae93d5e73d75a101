import Testing
import PropertyBased
import TestSupport
@testable import VideoFrames

/// An SPS with temporal sub-layers carries a profile (88 bits) and a level (8 bits) for each
/// sub-layer that says so; the facts after them (chroma format, size, bit depths) are read
/// past exactly those bits.
@Suite("HEVC SPS with sub-layer profile and level")
struct HEVCSubLayerSPSTests {
    /// Bits written most significant first; `ue` is unsigned Exp-Golomb.
    struct Bits {
        var bytes: [UInt8] = []
        var used = 0
        mutating func bit(_ b: Bool) {
            if used % 8 == 0 { bytes.append(0) }
            if b { bytes[bytes.count - 1] |= UInt8(0x80 >> (used % 8)) }
            used += 1
        }
        mutating func bits(_ value: UInt64, _ count: Int) { for i in stride(from: count - 1, through: 0, by: -1) { bit((value >> UInt64(i)) & 1 == 1) } }
        mutating func ue(_ v: UInt64) {
            let n = v + 1, width = 64 - n.leadingZeroBitCount
            bits(0, width - 1); bits(n, width)
        }
    }

    @Test("sub-layer 0 with profile and level, sub-layer 1 with a level only: size, chroma and bit depths read past them",
          arguments: [(true, true), (false, true), (true, false), (false, false)])
    func subLayers(_ firstProfile: Bool, _ secondLevel: Bool) throws {
        let ptl: [UInt8] = [0x01, 0x60, 0x11, 0x22, 0x33, 0x90, 0x44, 0x55, 0x66, 0x77, 0x88, 93]
        var b = Bits()
        b.bits(0, 4); b.bits(2, 3); b.bit(true)              // VPS id, max_sub_layers_minus1 2, nesting
        for byte in ptl { b.bits(UInt64(byte), 8) }
        b.bit(firstProfile); b.bit(true)                     // sub-layer 0: profile?, level
        b.bit(false); b.bit(secondLevel)                     // sub-layer 1: no profile, level?
        b.bits(0, 2 * (8 - 2))                               // reserved alignment
        if firstProfile { b.bits(0xA5A5_A5A5_A5A5_A5A5, 64); b.bits(0xA5_A5A5, 24) }   // 88 bits
        b.bits(0x5A, 8)                                      // sub-layer 0 level
        if secondLevel { b.bits(0x3C, 8) }
        b.ue(0); b.ue(1)                                     // SPS id, chroma 4:2:0
        b.ue(1920); b.ue(1080)
        b.bit(true); b.ue(0); b.ue(0); b.ue(0); b.ue(4)       // conformance window
        b.ue(2); b.ue(2)                                     // 10-bit luma and chroma
        b.bit(true); while b.used % 8 != 0 { b.bit(false) }  // RBSP trailing bits
        let sps: [UInt8] = [0x42, 0x01] + b.bytes
        let facts = try HEVCConfigurationRecord.sequenceFacts(sps: sps[...])
        #expect(facts.maxSubLayersMinus1 == 2 && facts.temporalIdNesting && facts.profileTierLevel == ptl)
        #expect(facts.chromaFormat == 1 && facts.width == 1920 && facts.height == 1080, "\(facts)")
        #expect(facts.bitDepthLuma == 10 && facts.bitDepthChroma == 10)
    }
}

extension HEVCSubLayerSPSTests {
    /// Every sub-layer count (0 to 6 above the first) with any profile/level flags: the
    /// alignment bits (2 × (8 − count), present only when there are sub-layers) and the
    /// sub-layer fields are skipped exactly, so the size and bit depths read after them hold.
    @Test func anySubLayerCountAndFlags() async {
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 0...6), Gen.nearEnds(in: 0...0xFFF), Gen.nearEnds(in: 16...8192), Gen.nearEnds(in: 8...14)) { layers, flags, width, depth in
            var b = Bits()
            b.bits(0, 4); b.bits(UInt64(layers), 3); b.bit(false)
            b.bits(0x0160_1122_3390_4455, 64); b.bits(0x6677_8899, 32)
            let profile = (0..<layers).map { flags >> (2 * $0) & 1 == 1 }, level = (0..<layers).map { flags >> (2 * $0 + 1) & 1 == 1 }
            for i in 0..<layers { b.bit(profile[i]); b.bit(level[i]) }
            if layers > 0 { b.bits(0, 2 * (8 - layers)) }
            for i in 0..<layers {
                if profile[i] { b.bits(0xFFFF_FFFF_FFFF_FFFF, 64); b.bits(0xFF_FFFF, 24) }   // all ones: a misread shows
                if level[i] { b.bits(0xFF, 8) }
            }
            b.ue(0); b.ue(2)                                  // SPS id, chroma 4:2:2
            b.ue(UInt64(width)); b.ue(UInt64(width / 2 + 1))
            b.bit(false)                                      // no conformance window
            b.ue(UInt64(depth - 8)); b.ue(UInt64(depth - 8))
            b.bit(true); while b.used % 8 != 0 { b.bit(false) }
            let facts = try? HEVCConfigurationRecord.sequenceFacts(sps: ([0x42, 0x01] + b.bytes)[...])
            #expect(facts?.maxSubLayersMinus1 == layers && facts?.chromaFormat == 2, "\(layers) sub-layers, flags \(flags): \(String(describing: facts))")
            #expect(facts?.width == width && facts?.height == width / 2 + 1 && facts?.bitDepthLuma == depth && facts?.bitDepthChroma == depth)
        }
    }
}
