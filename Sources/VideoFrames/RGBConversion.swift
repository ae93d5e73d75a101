import BinaryIO
import CAVCodec
import ISOBMFF

/// Converts a decoded frame to 8-bit RGB with libswscale, told the source matrix and range
/// explicitly (its own default would be BT.601 limited range whatever the video says), and
/// scaled to `width`×`height` when that is not the frame's own size.
enum RGBConversion {
    static func convert(_ frame: UnsafeMutablePointer<AVFrame>, colour: FrameColour, width: Int, height: Int) throws -> [UInt8] {
        let sourceHeight = frame.pointee.height
        let source = AVPixelFormat(rawValue: frame.pointee.format)
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP
        guard let sws = lp_sws_getContext(frame.pointee.width, sourceHeight, source, Int32(width), Int32(height), AV_PIX_FMT_RGB24,
                                       Int32(flags), nil, nil, nil) else {
            let name = lp_av_get_pix_fmt_name(source).map { String(cString: $0) } ?? "\(frame.pointee.format)"
            throw ParseError(.unsupported, "pixel format \(name) cannot be converted to RGB")
        }
        defer { lp_sws_freeContext(sws) }
        let sourceTable = lp_sws_getCoefficients(swsColorspace(colour.matrix))
        let jpegTable = lp_sws_getCoefficients(SWS_CS_ITU601)
        // RGB output has no range; the destination table only matters for YCbCr output.
        _ = lp_sws_setColorspaceDetails(sws, sourceTable, colour.fullRange ? 1 : 0, jpegTable, 1, 0, 1 << 16, 1 << 16)

        let stride = width * 3
        var pixels = [UInt8](repeating: 0, count: stride * height)
        let rows: Int32 = try withUnsafePointer(to: &frame.pointee.data) { dataTuple in
            try withUnsafePointer(to: &frame.pointee.linesize) { linesizeTuple in
                try dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                    try linesizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { linesizes in
                        try pixels.withUnsafeMutableBufferPointer { out in
                            var destination: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
                            var destinationStride: [Int32] = [Int32(stride), 0, 0, 0]
                            let n = lp_sws_scale(sws, planes, linesizes, 0, sourceHeight, &destination, &destinationStride)
                            guard n >= 0 else { throw ParseError(.io, "libswscale could not convert the frame") }
                            return n
                        }
                    }
                }
            }
        }
        guard Int(rows) == height else { throw ParseError(.io, "libswscale converted \(rows) of \(height) rows") }
        return pixels
    }

    /// SWS_CS_* values for the matrices libswscale knows (the same numbers as AVColorSpace).
    static func swsColorspace(_ matrix: Int) -> Int32 {
        switch matrix {
        case 1: return SWS_CS_ITU709
        case 4: return SWS_CS_FCC
        case 7: return SWS_CS_SMPTE240M
        case 9, 10: return SWS_CS_BT2020
        default: return SWS_CS_ITU601
        }
    }

    /// Bits per component of a pixel format (8 for the usual yuv420p).
    static func bitDepth(_ format: Int32) -> Int {
        guard let descriptor = lp_av_pix_fmt_desc_get(AVPixelFormat(rawValue: format)) else { return 8 }
        return Int(descriptor.pointee.comp.0.depth)
    }

    /// The deprecated `yuvj*` formats mean full range whatever the VUI says.
    static func isFullRangeFormat(_ format: Int32) -> Bool {
        let f = AVPixelFormat(rawValue: format)
        return f == AV_PIX_FMT_YUVJ420P || f == AV_PIX_FMT_YUVJ422P || f == AV_PIX_FMT_YUVJ444P || f == AV_PIX_FMT_YUVJ440P || f == AV_PIX_FMT_YUVJ411P
    }
}
