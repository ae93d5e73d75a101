import BinaryIO

/// What `inspect` and `verify` need to know about a still image, read from its headers only.
public struct StillImageInfo: Sendable {
    public let path: String
    public let width: Int
    public let height: Int
    public let subsampling: String
    public let colorSpace: String
    public let hasEXIF: Bool
    public let makerNote: MakerNoteKind
    public let appleMakerNote: AppleMakerNote?
    /// Apple MakerNote tag 17: the Live Photo content identifier.
    public var contentIdentifier: String? { appleMakerNote?.contentIdentifier }
    public let make: String?
    public let model: String?
    public let orientation: Int?
    /// EXIF DateTimeOriginal and its offsets as written (empty without EXIF).
    public var captureDate = ExifCaptureDate()
    /// What the reader accepted leniently (see `ExifSummary.warnings`).
    public var warnings: [String] = []
    /// Why the identifier could not be looked for (see `ExifSummary.identifierUnread`).
    public var identifierUnread: String?

    /// The image's own facts and what its EXIF says (nil: the still has none). The one place
    /// where an EXIF summary becomes a still's facts, for JPEG and HEIC alike.
    public init(path: String, width: Int, height: Int, subsampling: String, colorSpace: String, exif: ExifSummary?) {
        self.path = path
        (self.width, self.height) = (width, height)
        (self.subsampling, self.colorSpace) = (subsampling, colorSpace)
        hasEXIF = exif != nil
        makerNote = exif?.makerNote ?? .none
        appleMakerNote = exif?.appleMakerNote
        (make, model, orientation) = (exif?.make, exif?.model, exif?.orientation)
        captureDate = exif?.captureDate ?? ExifCaptureDate()
        warnings = exif?.warnings ?? []
        identifierUnread = exif?.identifierUnread
    }
}

public enum StillImageReader {
    /// Reads a JPEG's segment headers, frame header (libjpeg-turbo) and EXIF (libexif for
    /// Make/Model/Orientation, our own code for the MakerNote). The image data is not read.
    /// A file that is not a JPEG (HEIC, PNG, ...) throws `ParseError` kind `.unsupported`,
    /// message "not a JPEG file: ...".
    public static func read(path: String) throws -> StillImageInfo {
        try read(source: StillHeaderWindow.open(path), path: path)
    }

    public static func read(source: FileSource, path: String) throws -> StillImageInfo {
        let structure = try JPEGStructure.read(source)
        let header = try TurboJPEG.header(of: source, structure: structure)
        guard let segment = structure.exifSegment else {
            var info = StillImageInfo(path: path, width: header.width, height: header.height, subsampling: header.subsampling,
                                      colorSpace: header.colorSpace, exif: nil)
            info.note(header)
            return info
        }
        let payload = try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: "APP1/Exif")
        guard payload.starts(with: JPEGSegment.exifHeader) else {
            throw ParseError(.invalidValue, "EXIF payload does not start with \"Exif\\0\\0\"", path: "APP1/Exif", offset: segment.payloadOffset)
        }
        let exif = try TIFFExif.summary(tiff: Array(payload.dropFirst(ExifTIFF.exifHeaderLength)),
                                        tiffOffset: segment.payloadOffset + UInt64(ExifTIFF.exifHeaderLength), path: "APP1/Exif")
        var info = StillImageInfo(path: path, width: header.width, height: header.height, subsampling: header.subsampling,
                                  colorSpace: header.colorSpace, exif: exif)
        info.note(header)
        return info
    }
}

extension StillImageInfo {
    /// A header libjpeg-turbo could not read is a warning: what we read and write does not
    /// depend on it, but no decoder will show the image.
    mutating func note(_ header: JPEGHeaderInfo) {
        if let problem = header.unreadByLibrary { warnings.append("libjpeg-turbo cannot read the image's headers (\(problem)): it will not decode") }
    }
}

extension StillImageReader {
    /// Only the content identifier (Apple MakerNote tag 17), from the segment headers and the
    /// EXIF block with our own TIFF reader: no libexif, no libjpeg-turbo. What `scan` needs
    /// for thousands of files.
    public static func contentIdentifier(path: String) throws -> String? {
        try contentIdentifier(source: StillHeaderWindow.open(path))
    }

    public static func contentIdentifier(source: FileSource) throws -> String? {
        try ExifTIFF.read(source, JPEGStructure.read(source), purpose: .reading)?.readableMakerNote(notePath: "APP1/Exif/MakerNote").apple?.contentIdentifier
    }
}
