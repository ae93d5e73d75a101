import CAVCodec
import ISOBMFF

extension FrameColour {
    /// How a decoded frame's YCbCr is to be read: its VUI, else the sample entry's `colr`, else
    /// the default for its size (see `choose`).
    static func of(_ frame: UnsafeMutablePointer<AVFrame>, entry: VideoCodecConfiguration.ColourDescription?) -> FrameColour {
        let f = frame.pointee
        return choose(bitstreamMatrix: Int(f.colorspace.rawValue), bitstreamRange: Int(f.color_range.rawValue),
                      bitstreamPrimaries: Int(f.color_primaries.rawValue), bitstreamTransfer: Int(f.color_trc.rawValue),
                      pixelFormatIsFullRange: RGBConversion.isFullRangeFormat(f.format),
                      entry: entry, height: Int(f.height), bitDepth: RGBConversion.bitDepth(f.format))
    }

    /// Whether the transfer is PQ or HLG.
    var isHDR: Bool { transfer == FrameColour.transferPQ || transfer == FrameColour.transferHLG }
}
