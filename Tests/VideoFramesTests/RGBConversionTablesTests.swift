import Testing
import CAVCodec
@testable import VideoFrames

/// The tables `make` hands libswscale: the matrix a video states picks libswscale's
/// coefficients (matrices whose coefficients are close, like FCC and BT.601, would not show in
/// a picture check), the deprecated `yuvj*` formats are full range, and a format's bit depth
/// is its first component's.
@Suite("RGB conversion: matrix, range and depth tables")
struct RGBConversionTablesTests {
    @Test func matrixToCoefficients() {
        let expected: [Int: Int32] = [1: SWS_CS_ITU709, 4: SWS_CS_FCC, 7: SWS_CS_SMPTE240M, 9: SWS_CS_BT2020, 10: SWS_CS_BT2020]
        for matrix in -1...16 {
            #expect(RGBConversion.swsColorspace(matrix) == expected[matrix] ?? SWS_CS_ITU601, "matrix \(matrix)")
        }
        // The SWS numbers are AVColorSpace's (what the VUI's matrix_coefficients is).
        #expect(SWS_CS_ITU709 == 1 && SWS_CS_FCC == 4 && SWS_CS_SMPTE240M == 7 && SWS_CS_BT2020 == 9)
    }

    @Test func fullRangeFormats() {
        let full: [AVPixelFormat] = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P, AV_PIX_FMT_YUVJ411P]
        for format in full { #expect(RGBConversion.isFullRangeFormat(format.rawValue), "\(format.rawValue)") }
        for format in [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_NV12, AV_PIX_FMT_RGB24] {
            #expect(!RGBConversion.isFullRangeFormat(format.rawValue), "\(format.rawValue)")
        }
    }

    @Test func bitDepths() throws {
        try FFmpegDecoder.requireLibraries()   // libavutil's descriptors: loaded on first use
        #expect(RGBConversion.bitDepth(AV_PIX_FMT_YUV420P.rawValue) == 8)
        #expect(RGBConversion.bitDepth(AV_PIX_FMT_YUV420P10LE.rawValue) == 10)
        #expect(RGBConversion.bitDepth(AV_PIX_FMT_YUV444P12LE.rawValue) == 12)
        #expect(RGBConversion.bitDepth(AV_PIX_FMT_P010LE.rawValue) == 10)
        #expect(RGBConversion.bitDepth(-1) == 8, "an unknown format: 8")
        #expect(RGBConversion.bitDepth(100_000) == 8)
    }
}
