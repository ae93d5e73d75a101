import BinaryIO
import CAVCodec
import ISOBMFF

/// The encoding half of `WallpaperVideoEncoder`: opened by the first input (the format the
/// first decoded frame decided), takes converted frames for output slots in order, and turns
/// libx265's packets into `hvc1` samples.
final class HEVCEncodeSession {
    private let options: WallpaperVideoEncoder.Options
    private var format: EncodeFormat? = nil
    private var encoder: FFmpegEncoder? = nil
    private var samples: [EncodedVideoTrack.Sample] = []
    private var framesSent = 0

    var frameDuration: Int64 { Int64(options.timescale) / Int64(options.frameRate) }

    init(options: WallpaperVideoEncoder.Options) {
        self.options = options
    }

    /// Encodes `input`'s frame as the next `repeats` output frames (pts = index × frame
    /// duration), opening the encoder on the first.
    func encode(_ input: EncoderInput) throws {
        let encoder = try self.encoder ?? FFmpegEncoder(input.format.settings)
        if self.encoder == nil { self.encoder = encoder; format = input.format }
        for _ in 0..<input.repeats {
            input.frame.frame.pointee.pts = Int64(framesSent) * frameDuration
            try encoder.send(input.frame.frame, onPacket: take)
            framesSent += 1
        }
    }

    /// Drains the encoder and returns the track.
    func finish() throws -> EncodedVideoTrack {
        guard let encoder, let format else { throw ParseError(.invalidValue, "no frame was decoded to encode") }
        try encoder.send(nil, onPacket: take)
        guard samples.count == framesSent else {
            throw ParseError(.invalidValue, "libx265 returned \(samples.count) of \(framesSent) frames")
        }
        let configuration = try HEVCConfigurationRecord.build(parameterSets: HEVCNALUnits.splitAnnexB(encoder.headers))
        let settings = format.settings
        return EncodedVideoTrack(configuration: configuration, width: settings.width, height: settings.height,
                                 bitDepth: settings.colour.bitDepth, colour: settings.colour, timescale: options.timescale,
                                 frameRate: options.frameRate, samples: samples, warnings: format.warnings)
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
