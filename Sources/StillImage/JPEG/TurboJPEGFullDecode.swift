import BinaryIO
import CTurboJPEG

extension TurboJPEG {
    /// Files larger than this are refused by `decodeFully` (it reads the whole file).
    public static let maxFullDecodeFileSize: UInt64 = 512 << 20
    /// A frame larger than this (pixels) is refused before libjpeg-turbo allocates for it.
    public static let maxFullDecodePixels = 1 << 28
    /// Entropy-coded data needs at least one bit per 8x8 block of each component, so a file
    /// cannot hold more than 512 pixels per byte; beyond this ratio the frame size is a lie.
    static let maxPixelsPerFileByte = 1024

    /// Decodes the whole image with libjpeg-turbo to prove its entropy-coded data is intact.
    /// Corrupt or truncated data (libjpeg warnings included) throws a `ParseError` carrying
    /// libjpeg-turbo's message. Decoding is done at 1/8 scale: every Huffman code of every
    /// block is still decoded (that is where damage shows), only the IDCT output is smaller.
    public static func decodeFully(path: String) throws {
        let source = try FileSource(path: path)
        guard source.size <= maxFullDecodeFileSize else {
            throw ParseError(.tooLarge, "\(source.size) bytes is more than the \(maxFullDecodeFileSize >> 20) MiB a full decode accepts", path: "JPEG", offset: 0)
        }
        let structure = try JPEGStructure.read(source)
        guard let frameSegment = structure.frameSegment else {
            throw ParseError(.invalidValue, "no start-of-frame (SOFn) segment before the image data", path: "JPEG", offset: structure.scanStart)
        }
        let frame = try FrameHeader.read(source, frameSegment)
        let pixels = frame.width * frame.height
        guard pixels > 0 else {
            throw ParseError(.invalidValue, "frame size \(frame.width)x\(frame.height)", path: "JPEG/" + frameSegment.name, offset: frameSegment.offset)
        }
        guard pixels <= maxFullDecodePixels, UInt64(pixels) <= source.size * UInt64(maxPixelsPerFileByte) else {
            throw ParseError(.tooLarge, "frame size \(frame.width)x\(frame.height) is too large for a \(source.size)-byte file", path: "JPEG/" + frameSegment.name, offset: frameSegment.offset)
        }
        let jpeg = try source.read(at: 0, count: Int(source.size), path: "JPEG")

        guard let handle = tjInitDecompress() else { throw ParseError(.io, "libjpeg-turbo could not create a decompressor") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsamp: Int32 = -1, colorspace: Int32 = -1
        try jpeg.withUnsafeBufferPointer { input in
            if tjDecompressHeader3(handle, input.baseAddress, UInt(input.count), &width, &height, &subsamp, &colorspace) != 0 {
                // Unnamed subsampling still decodes; anything else is a real header error.
                let message = errorString(handle)
                if !message.contains("subsampling") {
                    throw ParseError(.invalidValue, "libjpeg-turbo: \(message)", path: "JPEG", offset: 0)
                }
            }
            let pixelFormat: TJPF
            let channels: Int
            switch frame.components.count {
            case 1: pixelFormat = TJPF_GRAY; channels = 1
            case 4: pixelFormat = TJPF_CMYK; channels = 4
            default: pixelFormat = TJPF_RGB; channels = 3
            }
            // 1/8 scale: TJSCALED(d, 1/8) = ceil(d / 8).
            let outWidth = (frame.width + 7) / 8
            let outHeight = (frame.height + 7) / 8
            var output = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
            let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
            let status = output.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, input.baseAddress, UInt(input.count), out.baseAddress,
                              Int32(outWidth), 0, Int32(outHeight), Int32(pixelFormat.rawValue), flags)
            }
            if status != 0 {
                throw ParseError(.invalidValue, "libjpeg-turbo: \(errorString(handle))", path: "JPEG/scan", offset: structure.scanStart)
            }
        }
    }
}
