import BinaryIO

/// What `verify` and `scan` need from a JPEG, read with our own parsers only (segment walker,
/// SOF header, TIFF index): no libexif, no libjpeg-turbo, no image data. Cheap enough to run on
/// every file of a library.
public struct StillHeaderFacts: Sendable, Equatable {
    /// Apple MakerNote tag 17.
    public var contentIdentifier: String?
    /// Frame size from the SOFn header (0 when the file has no frame header before its scan).
    public var width: Int
    public var height: Int
    /// EXIF Orientation (IFD0 0x0112), 1...8.
    public var orientation: Int?
    /// EXIF DateTimeOriginal and the offsets that may give its zone, as written.
    public var captureDate: ExifCaptureDate
    /// Why the identifier could not be looked for: the EXIF's IFD0 or Exif IFD (which holds the
    /// MakerNote) or the Apple MakerNote does not read. Nil when it was looked for.
    public var identifierUnread: String?

    public init(contentIdentifier: String?, width: Int, height: Int, orientation: Int?, captureDate: ExifCaptureDate = ExifCaptureDate()) {
        self.contentIdentifier = contentIdentifier
        self.width = width
        self.height = height
        self.orientation = orientation
        self.captureDate = captureDate
    }

    /// Tag numbers read here (libexif's `ExifTag` names its own enum).
    static let orientationTag: UInt16 = 0x0112

    /// The EXIF fields, from TIFF data however it is stored (a JPEG's APP1, a HEIC's Exif
    /// item), with our own TIFF reader only.
    mutating func read(_ tiff: ExifTIFF, notePath: String) {
        let note = tiff.readableMakerNote(notePath: notePath)
        (contentIdentifier, identifierUnread) = (note.apple?.contentIdentifier, note.unreadDescription)
        if let e = tiff.entry(StillHeaderFacts.orientationTag, in: .ifd0), let o = tiff.scalarLong(e), (1...8).contains(o) {
            orientation = Int(o)
        }
        captureDate = ExifCaptureDate(tiff)
    }
}

extension StillImageReader {
    public static func headerFacts(path: String) throws -> StillHeaderFacts {
        try headerFacts(source: StillHeaderWindow.open(path))
    }

    /// - Parameter frameSize: also read the SOFn header (one more small read); `scan` does not need it.
    public static func headerFacts(source: FileSource, frameSize: Bool = true) throws -> StillHeaderFacts {
        try headerFacts(source: source, structure: JPEGStructure.read(source), frameSize: frameSize)
    }

    /// The same from a segment list already read (`scan` walks it once for this and the Motion
    /// Photo check).
    public static func headerFacts(source: FileSource, structure: JPEGStructure, frameSize: Bool = true) throws -> StillHeaderFacts {
        var facts = StillHeaderFacts(contentIdentifier: nil, width: 0, height: 0, orientation: nil)
        if frameSize, let frameSegment = structure.frameSegment {
            let frame = try FrameHeader.read(source, frameSegment)
            facts.width = frame.width
            facts.height = frame.height
        }
        guard let tiff = try ExifTIFF.read(source, structure, purpose: .reading) else { return facts }
        facts.read(tiff, notePath: "APP1/Exif/MakerNote")
        return facts
    }
}
