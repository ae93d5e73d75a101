import Testing
import TestSupport
@testable import VideoFrames

/// The `hvcC` record states the stream's temporal layers as the SPS has them: byte 21 holds
/// constantFrameRate (0), numTemporalLayers = sps_max_sub_layers_minus1 + 1 (3 bits),
/// temporalIdNested (the SPS's flag) and lengthSizeMinusOne (3) (ISO/IEC 14496-15 8.3.3.1).
@Suite("hvcC: numTemporalLayers and temporalIdNested from the SPS")
struct HEVCTemporalLayersRecordTests {
    /// An SPS of `minus1` sub-layers above the first (no sub-layer profile or level), 4:2:0 64x48, 8-bit.
    static func sps(maxSubLayersMinus1 minus1: Int, nesting: Bool) -> [UInt8] {
        var b = HEVCSubLayerSPSTests.Bits()
        b.bits(0, 4); b.bits(UInt64(minus1), 3); b.bit(nesting)
        b.bits(0x0160_0000_0090_0000, 64); b.bits(0x0000_005D, 32)   // general profile_tier_level (Main, level 3.1)
        for _ in 0..<minus1 { b.bit(false); b.bit(false) }
        if minus1 > 0 { b.bits(0, 2 * (8 - minus1)) }
        b.ue(0); b.ue(1); b.ue(64); b.ue(48); b.bit(false); b.ue(0); b.ue(0)
        b.ue(4)
        b.bit(true); while b.used % 8 != 0 { b.bit(false) }
        return [0x42, 0x01] + HEVCChromaFormatSPSTests.escaped(b.bytes)
    }

    @Test("every sub-layer count H.265 allows (1 to 7 layers), nested or not", arguments: 0...6, [false, true])
    func layersByte(_ minus1: Int, _ nesting: Bool) throws {
        let units: [[UInt8]] = [[0x40, 0x01, 0x0C, 0x01], Self.sps(maxSubLayersMinus1: minus1, nesting: nesting), [0x44, 0x01, 0xC1, 0x73]]
        let record = try HEVCConfigurationRecord.build(parameterSets: units.map { $0[...] })
        try #require(record.count > 22)
        #expect(record[21] == UInt8(minus1 + 1) << 3 | (nesting ? 4 : 0) | 3, "byte 21 = 0x\(String(record[21], radix: 16))")
        #expect(record[21] >> 3 & 7 == UInt8(minus1 + 1), "numTemporalLayers")
        #expect(record[22] == 3 && EncodedStreams.arrayTypes(record) == [0xA0, 0xA1, 0xA2])
    }
}
