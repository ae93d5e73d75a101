import BinaryIO
import CAVCodec
import ISOBMFF

/// What the encoder is opened with, decided once by the first decoded frame (its size, bit
/// depth and colour), and the warnings that decision gives.
struct EncodeFormat {
    var settings: FFmpegEncoder.Settings
    var warnings: [String]

    init(for decoded: UnsafeMutablePointer<AVFrame>, options: WallpaperVideoEncoder.Options, entryColour: VideoCodecConfiguration.ColourDescription?) {
        let sourceDepth = RGBConversion.bitDepth(decoded.pointee.format)
        let depth = options.bitDepth == .source && sourceDepth > 8 ? 10 : 8
        var colour = FrameColour.of(decoded, entry: entryColour)
        colour.bitDepth = depth
        warnings = []
        if depth < sourceDepth { warnings.append("\(sourceDepth)-bit video encoded as \(depth)-bit") }
        if colour.isHDR && depth == 8 {
            warnings.append("HDR (\(colour.transfer == FrameColour.transferPQ ? "PQ" : "HLG")) video encoded as 8-bit without tone mapping")
        }
        let size = EncoderFrameConverter.outputSize(width: Int(decoded.pointee.width), height: Int(decoded.pointee.height),
                                                    maximumLongSide: options.maximumLongSide)
        settings = FFmpegEncoder.Settings(width: size.width, height: size.height, bitDepth: depth, colour: colour,
                                          timescale: options.timescale, frameRate: options.frameRate,
                                          keyframeInterval: options.keyframeInterval, quality: options.quality,
                                          preset: options.preset, threads: options.threads)
    }
}

/// What the decoding thread hands the encoding one: a frame converted to the encoder's size
/// and format, shown by `repeats` output frames in a row, and the format (the first input opens
/// the encoder with it).
struct EncoderInput {
    let frame: OwnedFrame
    let repeats: Int
    let format: EncodeFormat
}

/// The decoding side's conversion: decoded frames → encoder inputs, in the format the first
/// frame decided (libswscale; done on the decoding thread, ahead of the encoder).
final class EncoderInputConversion {
    private let options: WallpaperVideoEncoder.Options
    private let entryColour: VideoCodecConfiguration.ColourDescription?
    private var format: EncodeFormat? = nil
    private var converter: EncoderFrameConverter? = nil

    init(options: WallpaperVideoEncoder.Options, entryColour: VideoCodecConfiguration.ColourDescription?) {
        self.options = options
        self.entryColour = entryColour
    }

    func input(from decoded: UnsafeMutablePointer<AVFrame>, repeats: Int) throws -> EncoderInput {
        let format = self.format ?? EncodeFormat(for: decoded, options: options, entryColour: entryColour)
        let converter = self.converter ?? EncoderFrameConverter(width: format.settings.width, height: format.settings.height,
                                                                format: format.settings.pixelFormat, colour: format.settings.colour)
        self.format = format
        self.converter = converter
        return EncoderInput(frame: try converter.convert(decoded), repeats: repeats, format: format)
    }
}
