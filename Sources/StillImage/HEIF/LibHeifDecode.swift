import CHeif

extension LibHeif {
    /// The primary image as libheif decodes it: its size after the file's own transformations
    /// (`irot`, `imir`, `clap`), and, when asked for, its pixels as 8-bit RGB (rows `width * 3`).
    public struct DecodedImage: Sendable {
        public var width: Int
        public var height: Int
        public var rgb: [UInt8]?
    }

    /// Decodes the primary image of a HEIF file held in `bytes` (every tile of a grid).
    /// - Parameter rgb: also convert to interleaved 8-bit RGB and return the pixels (for
    ///   comparisons); without it the image is decoded in its own colour space and only its
    ///   size is kept, which is all `verify` needs.
    public static func decodePrimary(_ bytes: [UInt8], rgb: Bool = false) throws -> DecodedImage {
        try load()
        guard let context = lp_heif_context_alloc() else { throw Failure(message: "cannot allocate a context") }
        defer { lp_heif_context_free(context) }
        return try bytes.withUnsafeBytes { buffer in
            try check(lp_heif_context_read_from_memory_without_copy(context, buffer.baseAddress, buffer.count))
            var handle: OpaquePointer? = nil
            try check(lp_heif_context_get_primary_image_handle(context, &handle))
            defer { lp_heif_image_handle_release(handle) }
            var image: OpaquePointer? = nil
            try check(lp_heif_decode_image(handle, &image, rgb ? heif_colorspace_RGB : heif_colorspace_undefined,
                                           rgb ? heif_chroma_interleaved_RGB : heif_chroma_undefined))
            defer { lp_heif_image_release(image) }
            // The size of the decoded image itself (the handle's is the same when decoding worked).
            let width = Int(lp_heif_image_get_primary_width(image)), height = Int(lp_heif_image_get_primary_height(image))
            guard width > 0, height > 0 else { throw Failure(message: "the decoded image has no pixels") }
            guard rgb else { return DecodedImage(width: width, height: height, rgb: nil) }
            return DecodedImage(width: width, height: height, rgb: try interleavedRows(image, width: width, height: height))
        }
    }

    /// The interleaved plane without its row padding.
    static func interleavedRows(_ image: OpaquePointer?, width: Int, height: Int) throws -> [UInt8] {
        var stride: Int32 = 0
        guard let plane = lp_heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), Int(stride) >= width * 3 else {
            throw Failure(message: "the decoded image has no interleaved RGB plane")
        }
        let row = width * 3
        var pixels = [UInt8](repeating: 0, count: row * height)
        pixels.withUnsafeMutableBytes { out in
            // `decodePrimary` checked width and height > 0: `pixels` is not empty, so it has a base address.
            for y in 0..<height {
                (out.baseAddress! + y * row).copyMemory(from: plane + y * Int(stride), byteCount: row)
            }
        }
        return pixels
    }
}
