import CHeif
import Glibc

extension LibHeif {
    /// A new HEIC file (libheif's x265 HEVC encoder): one image from 8-bit RGB pixels (rows
    /// `width * 3` long), lossy at `quality` (1...100), with `exif` as its `Exif` item when given
    /// (TIFF data, or "Exif\0\0" then TIFF as in a JPEG's APP1: libheif finds the TIFF header and
    /// writes the 4-byte offset to it before the bytes, as Apple's files have it).
    /// The pixels are sRGB and stored as given: HEIF readers turn an image by its `irot`, never
    /// by EXIF Orientation, so a caller hands them upright.
    public static func encode(rgb pixels: [UInt8], width: Int, height: Int, quality: Int, exif: [UInt8]? = nil) throws -> [UInt8] {
        guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16, pixels.count == width * height * 3 else {
            throw Failure(message: "\(pixels.count) bytes are not a \(width)x\(height) RGB image")
        }
        try load()
        guard let context = lp_heif_context_alloc() else { throw Failure(message: "cannot allocate a context") }
        defer { lp_heif_context_free(context) }
        var image: OpaquePointer? = nil
        try check(lp_heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image))
        defer { lp_heif_image_release(image) }
        try check(lp_heif_image_add_plane(image, heif_channel_interleaved, Int32(width), Int32(height), 8))
        var stride: Int32 = 0
        guard let plane = lp_heif_image_get_plane(image, heif_channel_interleaved, &stride) else {
            throw Failure(message: "the new image has no RGB plane")
        }
        let row = width * 3
        pixels.withUnsafeBytes { input in
            // Checked above: width and height > 0 and `pixels` holds them all, so it has a base address.
            for y in 0..<height { (plane + y * Int(stride)).update(from: input.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * row, count: row) }
        }
        try declareSRGB(image)
        var encoder: OpaquePointer? = nil
        try check(lp_heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder))
        defer { lp_heif_encoder_release(encoder) }
        try check(lp_heif_encoder_set_lossy_quality(encoder, Int32(min(max(quality, 1), 100))))
        var handle: OpaquePointer? = nil
        try check(lp_heif_context_encode_image(context, image, encoder, &handle))
        defer { lp_heif_image_handle_release(handle) }
        if let exif {
            try exif.withUnsafeBytes { try check(lp_heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count))) }
        }
        var bytes: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        try check(livephoto_heif_write_to_memory(context, &bytes, &size))
        defer { free(bytes) }
        guard let bytes else { throw Failure(message: "wrote no bytes") }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    /// sRGB colours, coded as full-range BT.601 YCbCr (what `heif-enc` writes by default), set
    /// rather than left to the library's default. libheif 1.15 then leaves out the `colr` box
    /// (the profile readers assume when there is none) and says it in the HEVC stream's VUI.
    static func declareSRGB(_ image: OpaquePointer?) throws {
        guard let nclx = lp_heif_nclx_color_profile_alloc() else { throw Failure(message: "cannot allocate a colour profile") }
        defer { lp_heif_nclx_color_profile_free(nclx) }
        nclx.pointee.color_primaries = heif_color_primaries_ITU_R_BT_709_5
        nclx.pointee.transfer_characteristics = heif_transfer_characteristic_IEC_61966_2_1
        nclx.pointee.matrix_coefficients = heif_matrix_coefficients_ITU_R_BT_601_6
        nclx.pointee.full_range_flag = 1
        try check(lp_heif_image_set_nclx_color_profile(image, nclx))
    }
}
