import BinaryIO

/// The `hvcC` payload (HEVCDecoderConfigurationRecord, ISO/IEC 14496-15 8.3.3.1) for the
/// parameter sets an encoder wrote: profile, tier, level, chroma format and bit depths are read
/// from the SPS, so the record says what the stream is.
enum HEVCConfigurationRecord {
    /// What the record copies from the SPS.
    struct SequenceFacts: Equatable {
        /// general_profile_space … general_level_idc: 12 bytes, byte-aligned in the SPS.
        var profileTierLevel: [UInt8]
        var maxSubLayersMinus1: Int
        var temporalIdNesting: Bool
        var chromaFormat: Int
        var bitDepthLuma: Int
        var bitDepthChroma: Int
        var width: Int
        var height: Int
    }

    /// Builds the record from the parameter sets (Annex B or bare NAL units): arrays of VPS,
    /// SPS and PPS in that order, each marked complete (`hvc1`: no parameter set in a sample).
    static func build(parameterSets units: [ArraySlice<UInt8>]) throws -> [UInt8] {
        let arrays = [HEVCNALUnits.vpsType, HEVCNALUnits.spsType, HEVCNALUnits.ppsType].map { type in
            (type, units.filter { HEVCNALUnits.type($0) == type })
        }
        guard arrays.allSatisfy({ !$0.1.isEmpty }), let sps = arrays[1].1.first else {
            throw ParseError(.invalidValue, "the encoder's headers lack a VPS, SPS or PPS")
        }
        let facts = try sequenceFacts(sps: sps)
        var w = ByteWriter()
        w.u8(1)   // configurationVersion
        w.append(facts.profileTierLevel[0..<12])
        w.u16(0xF000)   // reserved 1111, min_spatial_segmentation_idc 0 (not stated)
        w.u8(0xFC)      // reserved 111111, parallelismType 0 (unknown)
        w.u8(0xFC | UInt8(facts.chromaFormat & 3))
        w.u8(0xF8 | UInt8((facts.bitDepthLuma - 8) & 7))
        w.u8(0xF8 | UInt8((facts.bitDepthChroma - 8) & 7))
        w.u16(0)        // avgFrameRate: not stated
        // constantFrameRate 0, numTemporalLayers, temporalIdNested, lengthSizeMinusOne 3.
        w.u8(UInt8((facts.maxSubLayersMinus1 + 1) & 7) << 3 | (facts.temporalIdNesting ? 4 : 0) | 3)
        w.u8(UInt8(arrays.count))
        for (type, list) in arrays {
            w.u8(0x80 | UInt8(type))   // array_completeness 1
            w.u16(UInt16(list.count))
            for unit in list {
                guard unit.count <= Int(UInt16.max) else { throw ParseError(.tooLarge, "a parameter set of \(unit.count) bytes") }
                w.u16(UInt16(unit.count))
                w.append(unit)
            }
        }
        return w.bytes
    }

    /// seq_parameter_set_rbsp (H.265 7.3.2.2) up to the bit depths.
    static func sequenceFacts(sps: ArraySlice<UInt8>) throws -> SequenceFacts {
        let rbsp = HEVCNALUnits.rbsp(sps)
        guard rbsp.count >= 13 else { throw ParseError(.truncated, "the SPS is \(rbsp.count) bytes") }
        var r = RBSPBitReader(rbsp)
        try r.skip(4)   // sps_video_parameter_set_id
        let maxSubLayersMinus1 = Int(try r.bits(3))
        let nesting = try r.flag()
        try r.skip(96)  // general profile_tier_level: the 12 bytes copied as they are
        var profilePresent: [Bool] = [], levelPresent: [Bool] = []
        for _ in 0..<maxSubLayersMinus1 { profilePresent.append(try r.flag()); levelPresent.append(try r.flag()) }
        if maxSubLayersMinus1 > 0 { try r.skip(2 * (8 - maxSubLayersMinus1)) }
        for i in 0..<maxSubLayersMinus1 {
            if profilePresent[i] { try r.skip(88) }
            if levelPresent[i] { try r.skip(8) }
        }
        _ = try r.unsignedExpGolomb()   // sps_seq_parameter_set_id
        let chroma = Int(try r.unsignedExpGolomb())
        guard chroma <= 3 else { throw ParseError(.invalidValue, "the SPS has chroma_format_idc \(chroma)") }
        if chroma == 3 { try r.skip(1) }   // separate_colour_plane_flag
        let width = Int(try r.unsignedExpGolomb()), height = Int(try r.unsignedExpGolomb())
        if try r.flag() { for _ in 0..<4 { _ = try r.unsignedExpGolomb() } }   // conformance window
        let luma = Int(try r.unsignedExpGolomb()) + 8, chromaDepth = Int(try r.unsignedExpGolomb()) + 8
        guard luma <= 16, chromaDepth <= 16 else { throw ParseError(.invalidValue, "the SPS has bit depth \(luma)/\(chromaDepth)") }
        return SequenceFacts(profileTierLevel: Array(rbsp[1..<13]), maxSubLayersMinus1: maxSubLayersMinus1, temporalIdNesting: nesting,
                             chromaFormat: chroma, bitDepthLuma: luma, bitDepthChroma: chromaDepth, width: width, height: height)
    }
}
