import BinaryIO

/// How a still is opened to read its headers: with its first bytes read at once. A JPEG's
/// segments before the scan (EXIF, at most 64 KB, ICC, XMP, MPF) and a HEIC's `ftyp`/`meta`
/// lie there, so the segment walk's many small reads (a marker, a length, a prefix per
/// segment) are served from memory: one read instead of some 90 per still. A read outside
/// the window is a positioned read as before, bounds-checked the same way; the image data is
/// never read by a header parser, so no whole large file is read.
public enum StillHeaderWindow {
    public static let bytes = 128 << 10

    public static func open(_ path: String) throws -> FileSource {
        try FileSource(path: path, prefetch: bytes)
    }
}
