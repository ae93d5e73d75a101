import BinaryIO

extension ExifTIFF {
    /// The EXIF of a JPEG whose segments are `structure`, read with our own TIFF reader; nil
    /// when it has no EXIF segment.
    static func read(_ source: FileSource, _ structure: JPEGStructure) throws -> ExifTIFF? {
        guard let segment = structure.exifSegment else { return nil }
        let payload = try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: "APP1/Exif")
        return try ExifTIFF(payload: payload, payloadOffset: segment.payloadOffset)
    }

    /// The one reader of the content identifier (Apple MakerNote tag 17): nil without an Apple
    /// MakerNote or without the tag. `notePath` names the MakerNote in errors.
    func appleContentIdentifier(notePath: String = "APP1/Exif/MakerNote") throws -> String? {
        guard let found = try makerNote(), AppleMakerNote.isApple(found.bytes) else { return nil }
        return try AppleMakerNote.parse(found.bytes, baseOffset: found.fileOffset, path: notePath).contentIdentifier
    }
}
