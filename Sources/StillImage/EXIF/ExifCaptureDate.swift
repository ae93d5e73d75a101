/// The EXIF tags that say when a still was taken, as written: DateTimeOriginal and the three
/// offsets EXIF 2.31 defines, any of which may be the only one a camera or editor wrote. Which
/// offset gives DateTimeOriginal its zone is decided in one place (`CaptureTime.exif(_:)`).
public struct ExifCaptureDate: Sendable, Equatable {
    /// DateTimeOriginal (0x9003): "YYYY:MM:DD HH:MM:SS", local time.
    public var dateTimeOriginal: String?
    /// OffsetTimeOriginal (0x9011): the zone of DateTimeOriginal ("+HH:MM").
    public var offsetTimeOriginal: String?
    /// OffsetTimeDigitized (0x9012): the zone of DateTimeDigitized (ExifTool's CreateDate).
    public var offsetTimeDigitized: String?
    /// OffsetTime (0x9010): the zone of IFD0 DateTime (ExifTool's ModifyDate).
    public var offsetTime: String?

    public init(dateTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil, offsetTimeDigitized: String? = nil, offsetTime: String? = nil) {
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
        self.offsetTimeDigitized = offsetTimeDigitized
        self.offsetTime = offsetTime
    }

    static let dateTimeOriginalTag: UInt16 = 0x9003
    static let offsetTimeTag: UInt16 = 0x9010
    static let offsetTimeOriginalTag: UInt16 = 0x9011
    static let offsetTimeDigitizedTag: UInt16 = 0x9012

    /// From the Exif IFD (blank values, as cameras without a clock write them, are absent).
    init(_ tiff: ExifTIFF) {
        self.init(dateTimeOriginal: tiff.ascii(Self.dateTimeOriginalTag, in: .exif),
                  offsetTimeOriginal: tiff.ascii(Self.offsetTimeOriginalTag, in: .exif),
                  offsetTimeDigitized: tiff.ascii(Self.offsetTimeDigitizedTag, in: .exif),
                  offsetTime: tiff.ascii(Self.offsetTimeTag, in: .exif))
    }
}
