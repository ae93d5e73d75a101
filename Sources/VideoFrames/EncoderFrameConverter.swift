import BinaryIO
import CAVCodec

/// Turns a decoder's frame into one the encoder takes: its size (scaled down when asked) and
/// yuv420p/yuv420p10le, keeping the matrix and range (libswscale is told both explicitly;
/// its default would be BT.601 whatever the video says).
final class EncoderFrameConverter {
    let width: Int
    let height: Int
    let format: AVPixelFormat
    let colour: FrameColour
    private var sws: OpaquePointer? = nil
    private var sourceKey: (width: Int32, height: Int32, format: Int32) = (0, 0, -1)

    init(width: Int, height: Int, format: AVPixelFormat, colour: FrameColour) {
        self.width = width; self.height = height; self.format = format; self.colour = colour
    }

    deinit { if let sws { lp_sws_freeContext(sws) } }

    /// The output size for a source of `width`×`height`: the long side at most `maximumLongSide`,
    /// aspect kept (rounded), both even (4:2:0 chroma).
    static func outputSize(width: Int, height: Int, maximumLongSide: Int?) -> (width: Int, height: Int) {
        let long = max(width, height)
        var w = width, h = height
        if let limit = maximumLongSide, limit > 0, long > limit {
            w = (width * limit + long / 2) / long
            h = (height * limit + long / 2) / long
        }
        return (max(2, w & ~1), max(2, h & ~1))
    }

    func convert(_ source: UnsafeMutablePointer<AVFrame>) throws -> OwnedFrame {
        let sws = try context(for: source)
        let out = try OwnedFrame(width: width, height: height, format: format)
        let rows = source.withPlanes { sourcePlanes, sourceStrides in
            out.frame.withPlanes { planes, strides in
                sourcePlanes.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) {
                    lp_sws_scale(sws, $0, sourceStrides, 0, source.pointee.height, planes, strides)
                }
            }
        }
        guard Int(rows) == height else { throw ParseError(.io, "libswscale converted \(rows) of \(height) rows") }
        return out
    }

    /// One libswscale context while the source's size and format stay the same.
    private func context(for source: UnsafeMutablePointer<AVFrame>) throws -> OpaquePointer {
        let key = (source.pointee.width, source.pointee.height, source.pointee.format)
        if let sws, key == sourceKey { return sws }
        if let sws { lp_sws_freeContext(sws); self.sws = nil }
        // Bicubic, as ffmpeg scales (its command line's default): the encoder takes 4:2:0, so
        // full-resolution chroma input and exact rounding would cost time and not show.
        let flags = SWS_BICUBIC
        guard let made = lp_sws_getContext(key.0, key.1, AVPixelFormat(rawValue: key.2), Int32(width), Int32(height), format, Int32(flags), nil, nil, nil) else {
            let name = lp_av_get_pix_fmt_name(AVPixelFormat(rawValue: key.2)).map { String(cString: $0) } ?? "\(key.2)"
            throw ParseError(.unsupported, "pixel format \(name) cannot be converted for the encoder")
        }
        let table = lp_sws_getCoefficients(RGBConversion.swsColorspace(colour.matrix))
        let range: Int32 = colour.fullRange ? 1 : 0
        _ = lp_sws_setColorspaceDetails(made, table, range, table, range, 0, 1 << 16, 1 << 16)
        sws = made
        sourceKey = key
        return made
    }
}
