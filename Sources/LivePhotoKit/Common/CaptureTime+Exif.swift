import StillImage

/// A still's capture time as its EXIF holds it.
extension CaptureTime {
    /// DateTimeOriginal in the zone of the first offset that reads: OffsetTimeOriginal (its
    /// own), then OffsetTimeDigitized, then OffsetTime. Cameras write one moment into all three
    /// dates, so a digitized or modify offset is the capture's zone when the original's is
    /// missing; the digitized date is the same capture, while DateTime (OffsetTime's) is
    /// rewritten by editors, possibly elsewhere, so it comes last. The order ExifTool's
    /// `time_zone.config` takes (DateTimeOriginal's zone, then CreateDate's, then ModifyDate's).
    /// Nil without a DateTimeOriginal; without any offset, local time of an unknown zone.
    public static func exif(_ date: ExifCaptureDate?) -> CaptureTime? {
        guard let date, var time = exif(dateTime: date.dateTimeOriginal, offset: nil) else { return nil }
        let offsets = [date.offsetTimeOriginal, date.offsetTimeDigitized, date.offsetTime]
        time.utcOffset = offsets.lazy.compactMap { $0.flatMap { zoneOffset(Array($0.utf8)[...]) } }.first
        return time
    }
}
