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
    /// EXIF DateTimeOriginal ("YYYY:MM:DD HH:MM:SS", local time) as written.
    public var dateTimeOriginal: String?
    /// EXIF OffsetTimeOriginal ("+HH:MM") as written, when present.
    public var offsetTimeOriginal: String?

    public init(contentIdentifier: String?, width: Int, height: Int, orientation: Int?,
                dateTimeOriginal: String? = nil, offsetTimeOriginal: String? = nil) {
        self.contentIdentifier = contentIdentifier
        self.width = width
        self.height = height
        self.orientation = orientation
        self.dateTimeOriginal = dateTimeOriginal
        self.offsetTimeOriginal = offsetTimeOriginal
    }

    /// Tag numbers read here (libexif's `ExifTag` names its own enum).
    static let orientationTag: UInt16 = 0x0112
    static let dateTimeOriginalTag: UInt16 = 0x9003
    static let offsetTimeOriginalTag: UInt16 = 0x9011
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
        var facts = StillHeaderFacts(contentIdentifier: nil, width: 0, height: 0, orientation: nil, dateTimeOriginal: nil, offsetTimeOriginal: nil)
        if frameSize, let frameSegment = structure.frameSegment {
            let frame = try FrameHeader.read(source, frameSegment)
            facts.width = frame.width
            facts.height = frame.height
        }
        guard let tiff = try ExifTIFF.read(source, structure) else { return facts }
        facts.contentIdentifier = try tiff.appleContentIdentifier()
        if let e = tiff.entry(StillHeaderFacts.orientationTag, in: .ifd0), let o = tiff.scalarLong(e), (1...8).contains(o) {
            facts.orientation = Int(o)
        }
        facts.dateTimeOriginal = tiff.ascii(StillHeaderFacts.dateTimeOriginalTag, in: .exif)
        facts.offsetTimeOriginal = tiff.ascii(StillHeaderFacts.offsetTimeOriginalTag, in: .exif)
        return facts
    }
}
