import BinaryIO

/// The EXIF of a still made from a video frame: what the camera would have written, taken from
/// the movie (make, model, software, capture date and zone, location) and the frame (pixel
/// size, orientation from the track's display matrix). Usually no MakerNote: `pair` adds the
/// Apple MakerNote with the identifier by patching this block (`ExifIdentifierRewrite`), which
/// also checks every tag here survives.
public struct CapturedStillExif: Sendable, Equatable {
    public struct Location: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var altitude: Double?
        public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
            self.latitude = latitude; self.longitude = longitude; self.altitude = altitude
        }
    }

    public var make: String?
    public var model: String?
    public var software: String?
    /// Local capture time as EXIF writes it, "YYYY:MM:DD HH:MM:SS".
    public var dateTimeOriginal: String?
    /// The capture time's UTC offset, "+HH:MM".
    public var offsetTimeOriginal: String?
    public var location: Location?
    /// EXIF Orientation 1...8.
    public var orientation: Int = 1
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// When set, an Apple MakerNote holding it (for a movie that already carries an identifier,
    /// so `pair` finds the two already bound and leaves the movie as the camera wrote it).
    public var contentIdentifier: String?

    public init(pixelWidth: Int, pixelHeight: Int) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The APP1 payload ("Exif\0\0" + TIFF), with the tags `exiftool -validate` expects in
    /// IFD0 and the Exif IFD.
    public func payload() throws -> [UInt8] {
        var tiff = TIFFDirectoryWriter()
        typealias E = TIFFDirectoryWriter.Entry
        if let make, !make.isEmpty { tiff.ifd0.append(.ascii(0x010F, make)) }
        if let model, !model.isEmpty { tiff.ifd0.append(.ascii(0x0110, model)) }
        tiff.ifd0.append(.short(0x0112, UInt16(clamping: (1...8).contains(orientation) ? orientation : 1)))
        tiff.ifd0.append(.rationals(0x011A, [(72, 1)]))
        tiff.ifd0.append(.rationals(0x011B, [(72, 1)]))
        tiff.ifd0.append(.short(0x0128, 2))                       // ResolutionUnit: inches
        if let software, !software.isEmpty { tiff.ifd0.append(.ascii(0x0131, software)) }
        if let dateTimeOriginal { tiff.ifd0.append(.ascii(0x0132, dateTimeOriginal)) }   // ModifyDate
        tiff.ifd0.append(.short(0x0213, 1))                       // YCbCrPositioning: centered

        tiff.exif.append(.undefined(0x9000, Array("0232".utf8)))  // ExifVersion 2.32 (has OffsetTime*)
        if let dateTimeOriginal {
            tiff.exif.append(.ascii(0x9003, dateTimeOriginal))
            tiff.exif.append(.ascii(0x9004, dateTimeOriginal))    // CreateDate
            if let offsetTimeOriginal {
                tiff.exif.append(.ascii(0x9010, offsetTimeOriginal))
                tiff.exif.append(.ascii(0x9011, offsetTimeOriginal))
                tiff.exif.append(.ascii(0x9012, offsetTimeOriginal))
            }
        }
        tiff.exif.append(.undefined(0x9101, [1, 2, 3, 0]))        // ComponentsConfiguration: Y Cb Cr
        tiff.exif.append(.undefined(0xA000, Array("0100".utf8)))  // FlashpixVersion
        tiff.exif.append(.short(0xA001, 1))                       // ColorSpace: sRGB
        tiff.exif.append(.long(0xA002, UInt32(clamping: pixelWidth)))
        tiff.exif.append(.long(0xA003, UInt32(clamping: pixelHeight)))
        if let contentIdentifier {
            try StillIdentifierWriter.validate(contentIdentifier)
            tiff.exif.append(.undefined(ExifTIFF.makerNoteTag, AppleMakerNote.minimal(contentIdentifier: contentIdentifier).serialized()))
        }

        if let location, location.latitude.isFinite, location.longitude.isFinite,
           abs(location.latitude) <= 90, abs(location.longitude) <= 180 {
            tiff.gps.append(.bytes(0x0000, [2, 3, 0, 0]))         // GPSVersionID
            tiff.gps.append(.ascii(0x0001, location.latitude >= 0 ? "N" : "S"))
            tiff.gps.append(.rationals(0x0002, CapturedStillExif.degreesMinutesSeconds(abs(location.latitude))))
            tiff.gps.append(.ascii(0x0003, location.longitude >= 0 ? "E" : "W"))
            tiff.gps.append(.rationals(0x0004, CapturedStillExif.degreesMinutesSeconds(abs(location.longitude))))
            if let altitude = location.altitude, altitude.isFinite, abs(altitude) < 1_000_000 {
                tiff.gps.append(.bytes(0x0005, [altitude < 0 ? 1 : 0]))
                tiff.gps.append(.rationals(0x0006, [(UInt32((abs(altitude) * 1000).rounded()), 1000)]))
            }
        }
        let payload = tiff.payload()
        try ExifIdentifierRewrite.checkFits(payload)
        return payload
    }

    /// Degrees, minutes and seconds (to 1/10000 s) as three RATIONALs.
    static func degreesMinutesSeconds(_ value: Double) -> [(UInt32, UInt32)] {
        let totalTenThousandths = UInt64((value * 3600 * 10_000).rounded())
        let degrees = totalTenThousandths / (3600 * 10_000)
        let minutes = (totalTenThousandths / (60 * 10_000)) % 60
        let seconds = totalTenThousandths % (60 * 10_000)
        return [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32(seconds), 10_000)]
    }

    /// A JPEG from the encoder (SOI, JFIF APP0, ...) with this EXIF as the APP1 right after SOI,
    /// where EXIF readers expect it; the JFIF APP0 goes (an EXIF file does not carry both).
    public func insert(into jpeg: [UInt8]) throws -> [UInt8] {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
            throw ParseError(.invalidValue, "the encoder's output does not start with SOI", path: "JPEG")
        }
        var resume = 2
        // Skip the encoder's APP0 segments (JFIF): marker, 2-byte length counting itself.
        while resume + 4 <= jpeg.count, jpeg[resume] == 0xFF, jpeg[resume + 1] == 0xE0 {
            let length = Int(jpeg[resume + 2]) << 8 | Int(jpeg[resume + 3])
            guard length >= 2, resume + 2 + length <= jpeg.count else { break }
            resume += 2 + length
        }
        let exif = try payload()
        var w = ByteWriter(capacity: jpeg.count + exif.count + 4)
        w.append([0xFF, 0xD8])
        w.u8(0xFF); w.u8(JPEGMarker.app1); w.u16(UInt16(exif.count + 2))
        w.append(exif)
        w.append(Array(jpeg[resume...]))
        return w.bytes
    }
}
