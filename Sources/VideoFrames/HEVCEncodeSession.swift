import BinaryIO
import CAVCodec
import ISOBMFF

/// The encoding half of `WallpaperVideoEncoder`: opened by the first decoded frame (its size,
/// bit depth and colour decide the encoder's), takes converted frames for output slots in
/// order, and turns libx265's packets into `hvc1` samples.
final class HEVCEncodeSession {
    private let options: WallpaperVideoEncoder.Options
    private let entryColour: VideoCodecConfiguration.ColourDescription?
    private var converter: EncoderFrameConverter? = nil
    private var encoder: FFmpegEncoder? = nil
    private var samples: [EncodedVideoTrack.Sample] = []
    private var warnings: [String] = []
    private var framesSent = 0

    var frameDuration: Int64 { Int64(options.timescale) / Int64(options.frameRate) }

    init(options: WallpaperVideoEncoder.Options, entryColour: VideoCodecConfiguration.ColourDescription?) {
        self.options = options
        self.entryColour = entryColour
    }

    /// The decoded frame in the encoder's size and format (opening the encoder on the first).
    func prepare(_ decoded: UnsafeMutablePointer<AVFrame>) throws -> OwnedFrame {
        if converter == nil { try open(for: decoded) }
        guard let converter else { throw ParseError(.io, "the encoder did not open") }
        return try converter.convert(decoded)
    }

    /// Encodes `frame` as the next output frame (pts = its index × frame duration).
    func encode(_ frame: OwnedFrame) throws {
        guard let encoder else { throw ParseError(.io, "the encoder did not open") }
        frame.frame.pointee.pts = Int64(framesSent) * frameDuration
        try encoder.send(frame.frame, onPacket: take)
        framesSent += 1
    }

    /// Drains the encoder and returns the track.
    func finish() throws -> EncodedVideoTrack {
        guard let encoder, let converter else { throw ParseError(.invalidValue, "no frame was decoded to encode") }
        try encoder.send(nil, onPacket: take)
        guard samples.count == framesSent else {
            throw ParseError(.invalidValue, "libx265 returned \(samples.count) of \(framesSent) frames")
        }
        let configuration = try HEVCConfigurationRecord.build(parameterSets: HEVCNALUnits.splitAnnexB(encoder.headers))
        return EncodedVideoTrack(configuration: configuration, width: converter.width, height: converter.height,
                                 bitDepth: converter.colour.bitDepth, colour: converter.colour, timescale: options.timescale,
                                 frameRate: options.frameRate, samples: samples, warnings: warnings)
    }

    private func open(for decoded: UnsafeMutablePointer<AVFrame>) throws {
        let sourceDepth = RGBConversion.bitDepth(decoded.pointee.format)
        let depth = options.bitDepth == .source && sourceDepth > 8 ? 10 : 8
        var colour = FrameColour.of(decoded, entry: entryColour)
        colour.bitDepth = depth
        if depth < sourceDepth { warnings.append("\(sourceDepth)-bit video encoded as \(depth)-bit") }
        if colour.isHDR && depth == 8 {
            warnings.append("HDR (\(colour.transfer == FrameColour.transferPQ ? "PQ" : "HLG")) video encoded as 8-bit without tone mapping")
        }
        let size = EncoderFrameConverter.outputSize(width: Int(decoded.pointee.width), height: Int(decoded.pointee.height),
                                                    maximumLongSide: options.maximumLongSide)
        let settings = FFmpegEncoder.Settings(width: size.width, height: size.height, bitDepth: depth, colour: colour,
                                              timescale: options.timescale, frameRate: options.frameRate,
                                              keyframeInterval: options.keyframeInterval, quality: options.quality,
                                              preset: options.preset, threads: options.threads)
        encoder = try FFmpegEncoder(settings)
        converter = EncoderFrameConverter(width: size.width, height: size.height, format: settings.pixelFormat, colour: colour)
    }

    /// One packet → one sample: NAL units length-prefixed, parameter sets left to `hvcC`.
    private func take(_ packet: FFmpegEncoder.Packet) throws {
        let units = HEVCNALUnits.splitAnnexB(packet.annexB).filter { !HEVCNALUnits.isParameterSet($0) }
        guard !units.isEmpty else { throw ParseError(.invalidValue, "libx265 returned an empty access unit") }
        // Decode times are one frame apart from 0, so the offset is pts minus the decode index's time.
        let offset = packet.pts - Int64(samples.count) * frameDuration
        guard let compositionOffset = Int32(exactly: offset) else {
            throw ParseError(.invalidValue, "libx265 returned a frame \(offset) ticks from its decode time")
        }
        samples.append(EncodedVideoTrack.Sample(bytes: HEVCNALUnits.lengthPrefixed(units), duration: UInt32(frameDuration),
                                                isSync: units.contains(where: HEVCNALUnits.isRandomAccessPoint),
                                                compositionOffset: compositionOffset))
    }
}
