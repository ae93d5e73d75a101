import BinaryIO
import CAVCodec

/// An AVFrame this code allocated and owns (freed with it), e.g. a converted copy of a
/// decoder's frame, which the decoder reuses.
final class OwnedFrame {
    let frame: UnsafeMutablePointer<AVFrame>

    /// A frame with its own buffers for `width`×`height` pixels of `format`.
    init(width: Int, height: Int, format: AVPixelFormat) throws {
        guard let frame = lp_av_frame_alloc() else { throw ParseError(.io, "libavcodec: out of memory") }
        self.frame = frame
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.format = format.rawValue
        guard lp_av_frame_get_buffer(frame, 0) >= 0 else { throw ParseError(.io, "libavcodec: out of memory for a \(width)x\(height) frame") }
    }

    deinit {
        var f: UnsafeMutablePointer<AVFrame>? = frame
        lp_av_frame_free(&f)
    }
}

extension UnsafeMutablePointer where Pointee == AVFrame {
    /// The frame's plane pointers and line sizes as the C arrays libswscale takes.
    func withPlanes<T>(_ body: (UnsafePointer<UnsafeMutablePointer<UInt8>?>, UnsafePointer<Int32>) throws -> T) rethrows -> T {
        try withUnsafePointer(to: &pointee.data) { dataTuple in
            try withUnsafePointer(to: &pointee.linesize) { linesizeTuple in
                try dataTuple.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                    try linesizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { try body(planes, $0) }
                }
            }
        }
    }
}
