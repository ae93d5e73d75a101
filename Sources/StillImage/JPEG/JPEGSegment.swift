/// One marker segment of a JPEG file as found on disk: where it is and how long it is.
/// The payload itself is not held, only its first bytes (`payloadPrefix`), which is enough to
/// tell APPn segments apart ("Exif", XMP, "ICC_PROFILE", ...) without reading them again.
public struct JPEGSegment: Equatable, Sendable {
    /// The marker code: the byte after 0xFF (0xE1 for APP1, 0xDA for SOS, ...).
    public let marker: UInt8
    /// Absolute offset of the 0xFF that starts the marker (the last one, if fill bytes precede it).
    public let offset: UInt64
    /// Marker (2) + length field (2) + payload.
    public let totalLength: Int
    public var payloadOffset: UInt64
    public var payloadLength: Int
    /// Up to `JPEGSegment.prefixLength` first payload bytes.
    public let payloadPrefix: [UInt8]

    /// How many payload bytes are kept in `payloadPrefix`: enough for the longest common APPn
    /// identifier ("http://ns.adobe.com/xmp/extension/\0" is 35).
    public static let prefixLength = 64

    public init(marker: UInt8, offset: UInt64, payloadLength: Int, payloadPrefix: [UInt8]) {
        self.marker = marker
        self.offset = offset
        self.totalLength = 4 + payloadLength
        self.payloadOffset = offset + 4
        self.payloadLength = payloadLength
        self.payloadPrefix = Array(payloadPrefix.prefix(JPEGSegment.prefixLength))
    }

    /// Offset of the first byte after the segment.
    public var endOffset: UInt64 { offset + UInt64(totalLength) }

    /// True for APPn (0xE0 + n), n in 0...15.
    public func isAPP(_ n: Int) -> Bool { n >= 0 && n <= 15 && Int(marker) == 0xE0 + n }

    public var isAPPn: Bool { marker >= 0xE0 && marker <= 0xEF }

    /// The APPn identifier: the leading printable ASCII up to the first NUL, e.g. "Exif", "JFIF",
    /// "http://ns.adobe.com/xap/1.0/", "ICC_PROFILE", "MPF", "Adobe". Nil for other segments.
    public var identifier: String? {
        guard isAPPn else { return nil }
        var scalars = String.UnicodeScalarView()
        for b in payloadPrefix {
            guard b >= 0x20 && b < 0x7F else { break }
            scalars.append(Unicode.Scalar(b))
        }
        return scalars.isEmpty ? nil : String(scalars)
    }

    /// An APP1 whose payload starts with the EXIF header "Exif\0\0".
    public var isExif: Bool {
        isAPP(1) && payloadPrefix.starts(with: JPEGSegment.exifHeader)
    }

    static let exifHeader: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]

    /// "APP1", "SOF0", "DQT", ... for messages and error paths.
    public var name: String { JPEGMarker.name(marker) }
}
