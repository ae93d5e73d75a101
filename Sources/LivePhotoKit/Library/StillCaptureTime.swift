/// When a still was taken, for matching it with a movie: the one place that decides it. Today
/// EXIF DateTimeOriginal with OffsetTimeOriginal; a fallback for stills without them (a Takeout
/// JSON sidecar beside `path`) belongs here, so every caller gets it at once.
enum StillCaptureTime {
    static func of(path: String, exifDateTime: String?, exifOffset: String?) -> CaptureTime? {
        CaptureTime.exif(dateTime: exifDateTime, offset: exifOffset)
    }
}
