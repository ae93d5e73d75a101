import BinaryIO
import CAVCodec
import Foundation

/// libx265 through libavcodec, set up as a wallpaper movie needs it: constant frame rate in the
/// movie's timescale, closed GOP, no B-frames, parameter sets out of band (global header).
/// Frames go in with pts in `timescale` ticks; packets come out in decode order.
final class FFmpegEncoder {
    struct Settings {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colour: FrameColour
        var timescale: UInt32
        var frameRate: Int
        var keyframeInterval: Int
        var quality: Int
        var preset: WallpaperVideoEncoder.Preset
        var threads: Int

        var pixelFormat: AVPixelFormat { bitDepth > 8 ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P }

        /// libx265's frame threads (the context's thread count; 0 = libx265's own choice). Asked
        /// for none, libx265 runs one frame thread below four cores, with only the wavefront rows
        /// of that one frame in parallel; on two or three cores two frame threads keep both busy
        /// (about 6% faster on two cores, same quality, a few MB more). From four cores libx265's
        /// own choice is two or more already.
        static func frameThreads(threads: Int, cores: Int) -> Int32 {
            guard threads <= 0 else { return Int32(clamping: threads) }
            return (2...3).contains(cores) ? 2 : 0
        }

        /// What libx265 is told beside the context's fields: B-frames off (composition = decode
        /// order), closed GOP, no encoder-info SEI, no log lines on stderr. Said here only: the
        /// wrapper applies these after the context's fields, so a context `max_b_frames` would
        /// be a second, overridden statement of the same choice.
        var x265Parameters: String {
            let interval = keyframeInterval > 0 ? keyframeInterval : -1   // -1: one keyframe, at the start
            return "bframes=0:open-gop=0:info=0:log-level=none:keyint=\(interval):min-keyint=1"
        }
    }

    /// One access unit as libx265 wrote it (Annex B), with its times in `timescale` ticks.
    struct Packet {
        var annexB: [UInt8]
        var pts: Int64
        var dts: Int64
    }

    private let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    /// VPS, SPS and PPS from the global header (Annex B).
    let headers: [UInt8]

    init(_ settings: Settings) throws {
        try FFmpegDecoder.requireLibraries()
        FFmpegDecoder.silenceLogs()
        guard let codec = lp_avcodec_find_encoder_by_name("libx265") else {
            throw ParseError(.unsupported, "this FFmpeg has no libx265 encoder (HEVC encoding needs libavcodec built with libx265)")
        }
        guard let context = lp_avcodec_alloc_context3(codec) else { throw ParseError(.io, "libavcodec: out of memory") }
        guard let packet = lp_av_packet_alloc() else {
            var c: UnsafeMutablePointer<AVCodecContext>? = context
            lp_avcodec_free_context(&c)
            throw ParseError(.io, "libavcodec: out of memory")
        }
        self.context = context
        self.packet = packet
        FFmpegEncoder.configure(context, settings)
        for (name, value) in [("preset", settings.preset.rawValue), ("crf", "\(settings.quality)"), ("x265-params", settings.x265Parameters)] {
            let status = lp_av_opt_set(context.pointee.priv_data, name, value, 0)
            guard status >= 0 else { throw ParseError(.invalidValue, "libx265 refuses \(name)=\(value): \(FFmpegDecoder.message(status))") }
        }
        let status = lp_avcodec_open2(context, codec, nil)
        guard status >= 0 else {
            throw ParseError(.invalidValue, "libx265 does not open for \(settings.width)x\(settings.height) \(settings.bitDepth)-bit: \(FFmpegDecoder.message(status))")
        }
        guard let extradata = context.pointee.extradata, context.pointee.extradata_size > 0 else {
            throw ParseError(.invalidValue, "libx265 gave no parameter sets")
        }
        headers = Array(UnsafeBufferPointer(start: extradata, count: Int(context.pointee.extradata_size)))
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        lp_avcodec_free_context(&c)
        var p: UnsafeMutablePointer<AVPacket>? = packet
        lp_av_packet_free(&p)
    }

    private static func configure(_ context: UnsafeMutablePointer<AVCodecContext>, _ settings: Settings) {
        context.pointee.width = Int32(settings.width)
        context.pointee.height = Int32(settings.height)
        context.pointee.pix_fmt = settings.pixelFormat
        context.pointee.time_base = AVRational(num: 1, den: Int32(settings.timescale))
        context.pointee.framerate = AVRational(num: Int32(settings.frameRate), den: 1)
        context.pointee.thread_count = Settings.frameThreads(threads: settings.threads, cores: ProcessInfo.processInfo.activeProcessorCount)
        context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        // The VUI says what the samples are: the source's matrix, range, primaries and transfer.
        let colour = settings.colour
        context.pointee.colorspace = AVColorSpace(rawValue: UInt32(colour.matrix))
        context.pointee.color_range = colour.fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG
        context.pointee.color_primaries = AVColorPrimaries(rawValue: UInt32(colour.primaries))
        context.pointee.color_trc = AVColorTransferCharacteristic(rawValue: UInt32(colour.transfer))
    }

    /// Sends one frame (nil = end of input) and hands on every packet the encoder outputs meanwhile.
    func send(_ frame: UnsafeMutablePointer<AVFrame>?, onPacket: (Packet) throws -> Void) throws {
        while true {
            let status = lp_avcodec_send_frame(context, frame)
            if status == livephoto_averror_eagain() {
                try drain(onPacket)
                continue
            }
            guard status >= 0 else { throw ParseError(.invalidValue, "libx265 refused a frame: \(FFmpegDecoder.message(status))") }
            try drain(onPacket)
            return
        }
    }

    private func drain(_ onPacket: (Packet) throws -> Void) throws {
        while true {
            let status = lp_avcodec_receive_packet(context, packet)
            if status == livephoto_averror_eagain() || status == livephoto_averror_eof() { return }
            guard status >= 0 else { throw ParseError(.invalidValue, "libx265 failed: \(FFmpegDecoder.message(status))") }
            defer { lp_av_packet_unref(packet) }
            let bytes = packet.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(packet.pointee.size))) } ?? []
            try onPacket(Packet(annexB: bytes, pts: packet.pointee.pts, dts: packet.pointee.dts))
        }
    }
}
