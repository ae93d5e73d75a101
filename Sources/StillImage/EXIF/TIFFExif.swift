import BinaryIO

/// What pairing and inspecting read from EXIF, however the EXIF is stored.
public struct ExifSummary: Sendable {
    public let makerNote: MakerNoteKind
    public let appleMakerNote: AppleMakerNote?
    public let make: String?
    public let model: String?
    public let orientation: Int?
    /// Apple MakerNote tag 17.
    public var contentIdentifier: String? { appleMakerNote?.contentIdentifier }
    /// Exif IFD DateTimeOriginal and the offsets that may give its zone, as written: the
    /// still's capture time.
    public var captureDate = ExifCaptureDate()
    /// What the reader passed over instead of refusing the still: directories or a MakerNote
    /// that do not parse.
    public var warnings: [String] = []
    /// Why the identifier could not be looked for (the IFD0, Exif IFD or MakerNote holding it
    /// does not read); nil when it was.
    public var identifierUnread: String?
}

/// EXIF given as TIFF bytes (from the TIFF header on), the entry point for containers other
/// than a JPEG APP1, such as a HEIF `Exif` item. The same code as for JPEG runs underneath:
/// our TIFF reader and MakerNote codec, the byte-preserving patch and its check, libexif as
/// the independent reader.
public enum TIFFExif {
    /// MakerNote kind and identifier (our code), Make/Model/Orientation (libexif).
    /// - Parameters:
    ///   - tiffOffset: absolute file offset of `tiff[0]`, for errors.
    ///   - path: error path prefix, e.g. "meta/Exif".
    public static func summary(tiff: [UInt8], tiffOffset: UInt64, path: String) throws -> ExifSummary {
        let parsed = try ExifTIFF(tiff: tiff, tiffOffset: tiffOffset, path: path, purpose: .reading)
        let note = parsed.readableMakerNote(notePath: path + "/MakerNote")
        var summary = ExifSummary(makerNote: note.kind, appleMakerNote: note.apple, make: parsed.make, model: parsed.model, orientation: parsed.orientation)
        summary.captureDate = ExifCaptureDate(parsed)
        summary.identifierUnread = note.unreadDescription
        // A damaged IFD0 or Exif IFD is what `note.unread` names (the way to the MakerNote).
        let subIFDs = parsed.damaged.filter { $0.key != .ifd0 && $0.key != .exif }.sorted { $0.key.rawValue < $1.key.rawValue }
        summary.warnings = ([note.unread].compactMap { $0 } + subIFDs.map { ("the EXIF \($0.key.rawValue)", $0.value.description) }).map {
            "\($0.subject) does not parse, passed over: \($0.reason)"
        }
        return summary
    }

    /// Only the content identifier, with our own TIFF reader (no libexif).
    public static func contentIdentifier(tiff: [UInt8], tiffOffset: UInt64, path: String) throws -> String? {
        try ExifTIFF(tiff: tiff, tiffOffset: tiffOffset, path: path, purpose: .reading).readableMakerNote(notePath: path + "/MakerNote").apple?.contentIdentifier
    }

    /// What `scan` needs (identifier, orientation, capture date) from one parse with our own
    /// TIFF reader (no libexif), as a JPEG's `StillImageReader.headerFacts` reads it; no size.
    public static func headerFacts(tiff: [UInt8], tiffOffset: UInt64, path: String) throws -> StillHeaderFacts {
        var facts = StillHeaderFacts(contentIdentifier: nil, width: 0, height: 0, orientation: nil)
        facts.read(try ExifTIFF(tiff: tiff, tiffOffset: tiffOffset, path: path, purpose: .reading), notePath: path + "/MakerNote")
        return facts
    }

    /// The same EXIF with Apple MakerNote tag 17 = `identifier` (every other byte checked to be
    /// kept); a foreign MakerNote throws `ForeignMakerNoteError` unless replacing is allowed.
    /// `width`/`height`: the displayed image size, for the tags EXIF requires when an Exif IFD
    /// has to be created (an EXIF holding only IFD0 and GPS).
    public static func settingIdentifier(tiff: [UInt8], tiffOffset: UInt64, path: String, identifier: String,
                                         replaceForeignMakerNote: Bool, width: Int, height: Int) throws -> [UInt8] {
        try StillIdentifierWriter.validate(identifier)
        return try ExifIdentifierRewrite.rewrite(tiff: tiff, tiffOffset: tiffOffset, path: path, identifier: identifier,
                                                 replaceForeignMakerNote: replaceForeignMakerNote,
                                                 facts: { imageFacts(width: width, height: height) })
    }

    /// Minimal EXIF (IFD0 and an Exif IFD with the tags EXIF requires, and an Apple MakerNote)
    /// for an image without any.
    public static func minimal(identifier: String, width: Int, height: Int) throws -> [UInt8] {
        try StillIdentifierWriter.validate(identifier)
        return ExifIdentifierRewrite.minimalTIFF(identifier: identifier, facts: imageFacts(width: width, height: height))
    }

    /// What the required tags need of an image that is not a JPEG (a HEIF item): its size and
    /// three colour components; no JFIF density (72 dpi is written) and no ICC profile known.
    static func imageFacts(width: Int, height: Int) -> RequiredExifTags.ImageFacts {
        RequiredExifTags.ImageFacts(width: width, height: height, components: 3, resolution: nil, hasICCProfile: false)
    }
}
