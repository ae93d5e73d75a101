/// A capture time as a QuickTime movie holds it.
extension CaptureTime {
    /// `com.apple.quicktime.creationdate` as the camera writes it: "2024-09-06T18:08:07+0200";
    /// without a known offset the wall clock alone ("2024-09-06T18:08:07", local time).
    public var quickTimeCreationDate: String {
        let exif = exifDateTime   // "YYYY:MM:DD HH:MM:SS"
        let date = String(exif.prefix(10).map { $0 == ":" ? "-" : $0 })
        let zone = exifOffset.map { $0.filter { $0 != ":" } } ?? ""
        return date + "T" + exif.suffix(8) + zone
    }

    /// The instant in `mvhd`/`tkhd`/`mdhd` terms: seconds since 1904-01-01 00:00 UTC; nil
    /// when the offset is unknown (no instant) or the time is not after 1904 (0 means unset).
    public var secondsSince1904: UInt64? {
        guard let absolute, absolute + CaptureTime.quickTimeEpochOffset > 0 else { return nil }
        return UInt64(absolute + CaptureTime.quickTimeEpochOffset)
    }
}
