import BinaryIO
import CTurboJPEG

/// Chroma subsampling of a JPEG `make` writes: 4:2:0 (what cameras write) or 4:4:4.
public enum ChromaSubsampling: String, Sendable, Codable, CaseIterable {
    case yuv420 = "420"
    case yuv444 = "444"

    var turboJPEG: TJSAMP { self == .yuv420 ? TJSAMP_420 : TJSAMP_444 }
}

extension TurboJPEG {
    /// libjpeg's JPEG_MAX_DIMENSION: it refuses a larger side, though the SOF fields hold 65,535.
    public static let maximumEncodedSide = 65_500

    /// Encodes 8-bit RGB pixels as a baseline JPEG. libjpeg-turbo converts RGB to the full-range
    /// BT.601 YCbCr every JPEG reader assumes. The result starts with SOI and a JFIF APP0.
    public static func encode(rgb pixels: [UInt8], width: Int, height: Int, quality: Int, subsampling: ChromaSubsampling) throws -> [UInt8] {
        // The sides first: within them, width * height * 3 cannot overflow.
        guard width <= maximumEncodedSide, height <= maximumEncodedSide else {
            throw ParseError(.tooLarge, "a \(width)x\(height) frame is larger than the \(maximumEncodedSide) pixels a side libjpeg-turbo encodes", path: "JPEG")
        }
        guard width > 0, height > 0, pixels.count == width * height * 3 else {
            throw ParseError(.invalidValue, "cannot encode a \(width)x\(height) JPEG from \(pixels.count) bytes", path: "JPEG")
        }
        guard (1...100).contains(quality) else { throw ParseError(.invalidValue, "JPEG quality \(quality) is not in 1...100", path: "JPEG") }
        guard let handle = tjInitCompress() else { throw ParseError(.io, "libjpeg-turbo could not create a compressor") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { input in
            tjCompress2(handle, input.baseAddress, Int32(width), Int32(width * 3), Int32(height), Int32(TJPF_RGB.rawValue),
                        &output, &size, Int32(subsampling.turboJPEG.rawValue), Int32(quality), Int32(TJFLAG_ACCURATEDCT))
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output, size > 4 else {
            throw ParseError(.io, "libjpeg-turbo could not encode the still: \(errorString(handle))", path: "JPEG")
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
