import ISOBMFF

/// How a frame's YCbCr is turned into RGB: the matrix and range from the bitstream (VUI), else
/// from the sample entry's `colr`, else the usual default for the picture size (BT.709 for HD,
/// BT.601 below 720 lines, limited range). Code points are ISO/IEC 23091-2 (= FFmpeg's enums).
public struct FrameColour: Sendable, Equatable, Codable {
    public enum Source: String, Sendable, Codable {
        case bitstream, sampleEntry = "sample-entry", sizeDefault = "size-default"
    }

    public var matrix: Int
    public var fullRange: Bool
    public var primaries: Int
    public var transfer: Int
    public var bitDepth: Int
    public var matrixSource: Source

    static let unspecified = 2
    static let bt709 = 1, bt601 = 6, bt2020NonConstant = 9, bt2020Constant = 10
    static let transferPQ = 16, transferHLG = 18
    static let primariesBT2020 = 9, primariesP3D65 = 12

    public var matrixName: String {
        switch matrix {
        case 1: return "BT.709"
        case 5, 6: return "BT.601"
        case 7: return "SMPTE 240M"
        case 4: return "FCC"
        case 9, 10: return "BT.2020"
        default: return "matrix \(matrix)"
        }
    }

    /// What the JPEG will not show as the video does: FFmpeg converts the samples, it does not
    /// tone-map or gamut-map.
    var warnings: [String] {
        var notes: [String] = []
        let hdr = transfer == FrameColour.transferPQ || transfer == FrameColour.transferHLG
        if bitDepth > 8 || hdr {
            let what = [bitDepth > 8 ? "\(bitDepth)-bit" : nil, hdr ? (transfer == FrameColour.transferPQ ? "HDR (PQ)" : "HDR (HLG)") : nil]
                .compactMap { $0 }.joined(separator: " ")
            notes.append("\(what) video converted to an 8-bit still without tone mapping")
        }
        if primaries == FrameColour.primariesBT2020 || primaries == FrameColour.primariesP3D65 {
            notes.append("\(primaries == FrameColour.primariesBT2020 ? "BT.2020" : "Display P3") primaries written as sRGB without gamut mapping")
        }
        return notes
    }

    /// Chooses the interpretation from the decoder's values (`unspecified` = 2 where absent).
    static func choose(bitstreamMatrix: Int, bitstreamRange: Int, bitstreamPrimaries: Int, bitstreamTransfer: Int,
                       pixelFormatIsFullRange: Bool, entry: VideoCodecConfiguration.ColourDescription?, height: Int, bitDepth: Int) -> FrameColour {
        var matrix = bitstreamMatrix
        var source = Source.bitstream
        if matrix == unspecified || matrix == 3 || matrix == 0 {
            if let m = entry.map({ Int($0.matrix) }), m != unspecified, m != 0, m != 3 {
                matrix = m; source = .sampleEntry
            } else {
                matrix = height >= 720 ? bt709 : bt601; source = .sizeDefault
            }
        }
        // AVColorRange: 1 = limited (MPEG), 2 = full (JPEG), 0 = unspecified.
        let full: Bool
        if bitstreamRange == 2 || pixelFormatIsFullRange { full = true }
        else if bitstreamRange == 1 { full = false }
        else { full = entry?.fullRange ?? false }
        let primaries = bitstreamPrimaries != unspecified && bitstreamPrimaries != 0 ? bitstreamPrimaries : Int(entry?.primaries ?? 2)
        let transfer = bitstreamTransfer != unspecified && bitstreamTransfer != 0 ? bitstreamTransfer : Int(entry?.transfer ?? 2)
        return FrameColour(matrix: matrix, fullRange: full, primaries: primaries, transfer: transfer, bitDepth: bitDepth, matrixSource: source)
    }
}
