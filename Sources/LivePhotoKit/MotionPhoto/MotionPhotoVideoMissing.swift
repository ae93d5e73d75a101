import BinaryIO

/// A JPEG whose XMP promises a Motion Photo video that is not there: nothing follows the image
/// (an export re-encoded the still and dropped the video, often leaving it beside as `.MP` or
/// `.MP.mp4`), or the offsets the XMP gives no longer lead to an MP4 (stale after an edit).
/// Not a plain JPEG and not a damaged file: `scan` and `inspect` report it as its own state.
public struct MotionPhotoVideoMissing: Error, CustomStringConvertible, Sendable {
    public let reason: String
    public var description: String { reason }

    init(reason: String) { self.reason = reason }

    /// What the XMP gave to locate the video did not lead to one.
    init(stale error: ParseError) { reason = error.description }
}
