import BinaryIO

/// The tags EXIF requires of a JPEG in IFD0 and in the Exif IFD (the list `exiftool -validate`
/// checks), with true values taken from the JPEG itself. Written only into an IFD that
/// pairing creates (a JPEG without EXIF, or an EXIF without an Exif IFD); existing IFDs are
/// never touched.
struct RequiredExifTags {
    /// One TIFF field: tag, type, count and value bytes in a given byte order.
    struct Field: Equatable {
        let tag: UInt16
        let type: UInt16
        let count: UInt32
        let value: [UInt8]
    }

    /// What the values come from: the frame header, the JFIF density, an ICC profile.
    struct ImageFacts {
        var width: Int
        var height: Int
        var components: Int
        /// JFIF density, when the JFIF APP0 gives one in dots per inch (unit 2) or per cm (unit 3).
        var resolution: (x: UInt32, y: UInt32, unit: UInt16)?
        var hasICCProfile: Bool
    }

    static let xResolution: UInt16 = 0x011A, yResolution: UInt16 = 0x011B, resolutionUnit: UInt16 = 0x0128
    static let yCbCrPositioning: UInt16 = 0x0213
    static let exifVersion: UInt16 = 0x9000, componentsConfiguration: UInt16 = 0x9101
    static let flashpixVersion: UInt16 = 0xA000, colorSpace: UInt16 = 0xA001
    static let pixelXDimension: UInt16 = 0xA002, pixelYDimension: UInt16 = 0xA003
    static let rational: UInt16 = 5

    static let exifVersionValue = Array("0231".utf8)

    /// IFD0: resolution (JFIF's, else the EXIF default 72 dpi) and YCbCrPositioning "centered"
    /// (what JFIF specifies), sorted by tag.
    static func ifd0(_ facts: ImageFacts, bigEndian: Bool) -> [Field] {
        let r = facts.resolution ?? (72, 72, 2)
        let w = Encoder(bigEndian: bigEndian)
        return [
            Field(tag: xResolution, type: rational, count: 1, value: w.rational(r.x, 1)),
            Field(tag: yResolution, type: rational, count: 1, value: w.rational(r.y, 1)),
            Field(tag: resolutionUnit, type: TIFFType.short, count: 1, value: w.short(r.unit)),
            Field(tag: yCbCrPositioning, type: TIFFType.short, count: 1, value: w.short(1)),
        ]
    }

    /// The Exif IFD: version, component order, FlashPix version, colour space (sRGB, or
    /// "uncalibrated" when an ICC profile says otherwise) and the pixel dimensions of the frame.
    /// Sorted by tag; the MakerNote (0x927C) goes between ComponentsConfiguration and FlashpixVersion.
    static func exifIFD(_ facts: ImageFacts, bigEndian: Bool) -> [Field] {
        let w = Encoder(bigEndian: bigEndian)
        let components: [UInt8] = facts.components == 1 ? [1, 0, 0, 0] : [1, 2, 3, 0]
        return [
            Field(tag: exifVersion, type: TIFFType.undefined, count: 4, value: exifVersionValue),
            Field(tag: componentsConfiguration, type: TIFFType.undefined, count: 4, value: components),
            Field(tag: flashpixVersion, type: TIFFType.undefined, count: 4, value: Array("0100".utf8)),
            Field(tag: colorSpace, type: TIFFType.short, count: 1, value: w.short(facts.hasICCProfile ? 0xFFFF : 1)),
            Field(tag: pixelXDimension, type: TIFFType.long, count: 1, value: w.long(UInt32(clamping: facts.width))),
            Field(tag: pixelYDimension, type: TIFFType.long, count: 1, value: w.long(UInt32(clamping: facts.height))),
        ]
    }

    /// Reads the facts from the JPEG's frame header and APP segments.
    static func facts(_ source: FileSource, _ structure: JPEGStructure) throws -> ImageFacts {
        guard let frameSegment = structure.frameSegment else {
            throw ParseError(.invalidValue, "no start-of-frame (SOFn) segment before the image data", path: "JPEG", offset: structure.scanStart)
        }
        let frame = try FrameHeader.read(source, frameSegment)
        var facts = ImageFacts(width: frame.width, height: frame.height, components: frame.components.count, resolution: nil,
                               hasICCProfile: structure.segments.contains { $0.isAPP(2) && $0.identifier == "ICC_PROFILE" })
        // JFIF APP0: "JFIF\0", version (2), units (1), X density (2), Y density (2).
        if let jfif = structure.segments.first(where: { $0.isAPP(0) && $0.identifier == "JFIF" }), jfif.payloadPrefix.count >= 12 {
            let p = jfif.payloadPrefix
            let units = p[7]
            let x = UInt32(p[8]) << 8 | UInt32(p[9]), y = UInt32(p[10]) << 8 | UInt32(p[11])
            if (units == 1 || units == 2), x > 0, y > 0 { facts.resolution = (x, y, units == 1 ? 2 : 3) }
        }
        return facts
    }

    /// TIFF values in one byte order.
    struct Encoder {
        let bigEndian: Bool
        func short(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func long(_ v: UInt32) -> [UInt8] {
            let b = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
            return bigEndian ? b : b.reversed()
        }
        func rational(_ n: UInt32, _ d: UInt32) -> [UInt8] { long(n) + long(d) }
    }
}
