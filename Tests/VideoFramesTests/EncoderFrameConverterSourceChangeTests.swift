import Testing
import CAVCodec
@testable import VideoFrames

/// The encoder's frame converter keeps one libswscale context while the source frames keep
/// their size and format, and makes a new one when they change: each frame converts exactly as
/// a fresh converter converts it, whatever came before.
@Suite("EncoderFrameConverter: a new context when the source changes")
struct EncoderFrameConverterSourceChangeTests {
    static let colour = FrameColour(matrix: 6, fullRange: false, primaries: 1, transfer: 1, bitDepth: 8, matrixSource: .bitstream)

    /// A yuv420p frame of one colour.
    static func flat(width: Int, height: Int, _ y: UInt8, _ u: UInt8, _ v: UInt8) throws -> OwnedFrame {
        let owned = try OwnedFrame(width: width, height: height, format: AV_PIX_FMT_YUV420P)
        owned.frame.withPlanes { planes, strides in
            for (plane, (value, rows)) in [(y, height), (u, height / 2), (v, height / 2)].enumerated() {
                planes[plane]!.update(repeating: value, count: Int(strides[plane]) * rows)
            }
        }
        return owned
    }

    /// The visible bytes of a yuv420p frame, plane by plane, row by row.
    static func bytes(_ owned: OwnedFrame) -> [UInt8] {
        let w = Int(owned.frame.pointee.width), h = Int(owned.frame.pointee.height)
        return owned.frame.withPlanes { planes, strides in
            [(w, h), (w / 2, h / 2), (w / 2, h / 2)].enumerated().flatMap { plane, size in
                (0..<size.1).flatMap { row in Array(UnsafeBufferPointer(start: planes[plane]! + row * Int(strides[plane]), count: size.0)) }
            }
        }
    }

    static func fresh(_ frame: OwnedFrame) throws -> [UInt8] {
        try bytes(EncoderFrameConverter(width: 32, height: 24, format: AV_PIX_FMT_YUV420P, colour: colour).convert(frame.frame))
    }

    @Test("64x48, then 32x24, then 64x48 again into 32x24: each frame converted as a fresh converter converts it")
    func sourceSizeChanges() throws {
        try FFmpegDecoder.requireLibraries()
        let converter = EncoderFrameConverter(width: 32, height: 24, format: AV_PIX_FMT_YUV420P, colour: Self.colour)
        let frames = [try Self.flat(width: 64, height: 48, 100, 90, 160), try Self.flat(width: 32, height: 24, 200, 60, 70),
                      try Self.flat(width: 64, height: 48, 50, 140, 110)]
        for (i, frame) in frames.enumerated() {
            let out = try converter.convert(frame.frame)
            #expect(out.frame.pointee.width == 32 && out.frame.pointee.height == 24)
            #expect(Self.bytes(out) == (try Self.fresh(frame)), "frame \(i)")
        }
    }
}
