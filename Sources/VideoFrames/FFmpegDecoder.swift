import BinaryIO
import Foundation
import CAVCodec
import ISOBMFF

/// One libavcodec H.264/HEVC decoder opened from a sample entry's configuration record. Packets
/// go in with their composition time as pts; frames come out in presentation order.
final class FFmpegDecoder {
    private let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>

    /// libavcodec logs to stderr by default; the tool reports errors itself.
    private static let silenced: Void = { lp_av_log_set_level(AV_LOG_QUIET) }()
    static func silenceLogs() { _ = silenced }

    /// Above this many pixels (about 2.5K), frame threading is off for a single frame.
    static let frameThreadingPixelLimit = 2560 * 1440

    /// What the decoder is opened for, which decides its threading.
    enum Workload {
        /// One frame wanted (a still): frame threads only up to `frameThreadingPixelLimit`.
        case singleFrame
        /// A run of frames (the re-encode): frame threads at every size, as ffmpeg decodes, but
        /// by default one a core up to `frameRunThreadLimit` (libavcodec's own default is one
        /// more than the cores: each frame thread holds a frame in flight, 12 MB at 4K).
        case frameRun
    }

    /// The most frame threads a run of frames gets when the caller leaves the count to us.
    static let frameRunThreadLimit = 4

    /// The thread count the context is given (0 = libavcodec's choice).
    static func threadCount(_ threads: Int, workload: Workload) -> Int32 {
        guard threads <= 0 else { return Int32(clamping: threads) }
        switch workload {
        case .singleFrame: return 0
        case .frameRun: return Int32(min(max(1, ProcessInfo.processInfo.activeProcessorCount), frameRunThreadLimit))
        }
    }

    init(configuration: VideoCodecConfiguration, threads: Int, workload: Workload) throws {
        try FFmpegDecoder.requireLibraries()
        FFmpegDecoder.silenceLogs()
        let id = configuration.codec == .h264 ? AV_CODEC_ID_H264 : AV_CODEC_ID_HEVC
        guard let codec = lp_avcodec_find_decoder(id) else {
            throw ParseError(.unsupported, "this FFmpeg has no \(configuration.codec.rawValue.uppercased()) decoder")
        }
        guard let context = lp_avcodec_alloc_context3(codec) else { throw ParseError(.io, "libavcodec: out of memory") }
        guard let packet = lp_av_packet_alloc(), let frame = lp_av_frame_alloc() else {
            var c: UnsafeMutablePointer<AVCodecContext>? = context
            lp_avcodec_free_context(&c)
            throw ParseError(.io, "libavcodec: out of memory")
        }
        self.context = context
        self.packet = packet
        self.frame = frame

        // The configuration record is the decoder's extradata (avcC/hvcC as stored); libavcodec
        // reads past its end, so it is padded with zeros.
        let config = configuration.decoderConfiguration
        let padding = Int(livephoto_av_input_padding())
        guard let extradata = lp_av_mallocz(config.count + padding)?.assumingMemoryBound(to: UInt8.self) else {
            throw ParseError(.io, "libavcodec: out of memory")
        }
        // Reached only for a non-empty codec configuration (an empty one sets no extradata).
        config.withUnsafeBufferPointer { extradata.update(from: $0.baseAddress!, count: config.count) }
        context.pointee.extradata = extradata
        context.pointee.extradata_size = Int32(config.count)
        context.pointee.thread_count = FFmpegDecoder.threadCount(threads, workload: workload)
        // Frame threads each hold frames of their own; above 1080p-class sizes that costs more
        // memory than it saves time for one frame, so a large still decodes with slice threads
        // only. A run of frames keeps libavcodec's default (frame and slice threads): there the
        // threads decode frames ahead and a single-slice stream would otherwise use one core.
        if workload == .singleFrame && configuration.width * configuration.height > FFmpegDecoder.frameThreadingPixelLimit {
            context.pointee.thread_type = FF_THREAD_SLICE
        }
        // The sample entry's size was checked; this bounds what a parameter set inside the stream
        // may claim: libavcodec refuses to allocate a picture past it (`ff_get_buffer`), so no
        // decoded frame is ever larger (`FrameSizeLimitTests.decodedPastTheBound`).
        context.pointee.max_pixels = Int64(FrameSizeLimit.maximumPixels)
        // Damage is an error, not something to conceal: a concealed frame is not the video's frame.
        context.pointee.err_recognition |= Int32(AV_EF_CRCCHECK | AV_EF_BITSTREAM | AV_EF_EXPLODE)
        let status = lp_avcodec_open2(context, codec, nil)
        guard status >= 0 else {
            throw ParseError(.invalidValue, "the \(configuration.format) configuration does not open a decoder: \(FFmpegDecoder.message(status))")
        }
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        lp_avcodec_free_context(&c)
        var p: UnsafeMutablePointer<AVPacket>? = packet
        lp_av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = frame
        lp_av_frame_free(&f)
    }

    /// A decoded frame's time: the pts of the sample it came from, as `send` gave it (the
    /// composition time), or Int64.min when the decoder gave none. No dts is ever sent, so
    /// libavcodec's best-effort timestamp is this same value: it takes the dts only when the
    /// pts is missing or less reliable than a dts.
    static func compositionTime(of frame: UnsafeMutablePointer<AVFrame>) -> Int64 { frame.pointee.pts }

    /// Sends one sample; `onFrame` sees every frame the decoder outputs meanwhile and returns
    /// true to stop (the frame wanted has come out).
    func send(_ bytes: [UInt8], pts: Int64, key: Bool, onFrame: (UnsafeMutablePointer<AVFrame>) throws -> Bool) throws -> Bool {
        guard lp_av_new_packet(packet, Int32(bytes.count)) >= 0 else { throw ParseError(.io, "libavcodec: out of memory") }
        defer { lp_av_packet_unref(packet) }
        // A sample of at least one byte (empty samples are not sent).
        bytes.withUnsafeBufferPointer { packet.pointee.data.update(from: $0.baseAddress!, count: bytes.count) }
        packet.pointee.pts = pts
        if key { packet.pointee.flags |= AV_PKT_FLAG_KEY }
        while true {
            let status = lp_avcodec_send_packet(context, packet)
            if status == livephoto_averror_eagain() {
                if try drain(onFrame) { return true }
                continue
            }
            guard status >= 0 else { throw DecodeFailure(status: status) }
            return try drain(onFrame)
        }
    }

    /// Signals the end of input and takes every frame still held (reordering, frame threads).
    func flush(onFrame: (UnsafeMutablePointer<AVFrame>) throws -> Bool) throws -> Bool {
        let status = lp_avcodec_send_packet(context, nil)
        guard status >= 0 || status == livephoto_averror_eof() else { throw DecodeFailure(status: status) }
        return try drain(onFrame)
    }

    private func drain(_ onFrame: (UnsafeMutablePointer<AVFrame>) throws -> Bool) throws -> Bool {
        while true {
            let status = lp_avcodec_receive_frame(context, frame)
            if status == livephoto_averror_eagain() || status == livephoto_averror_eof() { return false }
            guard status >= 0 else { throw DecodeFailure(status: status) }
            defer { lp_av_frame_unref(frame) }
            if frame.pointee.decode_error_flags != 0 || (frame.pointee.flags & AV_FRAME_FLAG_CORRUPT) != 0 {
                throw DecodeFailure(message: "the decoded frame is damaged")
            }
            if try onFrame(frame) { return true }
        }
    }

    /// FFmpeg's libraries are loaded on first use (see CAVCodec.h): a machine without them gets
    /// a one-line error from `make`, and every other command never loads them.
    static func requireLibraries() throws {
        guard livephoto_ffmpeg_load() != 0 else {
            throw ParseError(.unsupported, "FFmpeg's libraries are not usable (install libavcodec59, libswscale6): \(String(cString: livephoto_ffmpeg_error()))")
        }
    }

    struct DecodeFailure: Error {
        var message: String
        init(status: Int32) { message = FFmpegDecoder.message(status) }
        init(message: String) { self.message = message }
    }

    static func message(_ status: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        lp_av_strerror(status, &buffer, buffer.count)
        return String(cString: buffer)
    }
}
