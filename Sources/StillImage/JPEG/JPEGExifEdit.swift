import BinaryIO

/// The one place EXIF goes into a JPEG (`pair`'s identifier writer and `JPEGRewrite`): the new
/// EXIF APP1 segment carrying the content identifier (the old EXIF rewritten, every other byte
/// checked to be kept; or a minimal EXIF for a JPEG without one), and the source range it
/// replaces: the old EXIF APP1, or an empty range after SOI and the leading APP0 segments (JFIF
/// requires its APP0 first).
struct JPEGExifEdit {
    let segment: [UInt8]
    let replaced: Range<UInt64>

    init(source: FileSource, structure: JPEGStructure, identifier: String, replaceForeignMakerNote: Bool) throws {
        try StillIdentifierWriter.validate(identifier)
        let payload: [UInt8]
        if let exif = structure.exifSegment {
            let old = try source.read(at: exif.payloadOffset, count: exif.payloadLength, path: "APP1/Exif")
            payload = try ExifIdentifierRewrite.rewrite(payload: old, payloadOffset: exif.payloadOffset, identifier: identifier,
                                                        replaceForeignMakerNote: replaceForeignMakerNote,
                                                        facts: { try RequiredExifTags.facts(source, structure) })
            replaced = exif.offset..<exif.endOffset
        } else {
            payload = try ExifIdentifierRewrite.minimal(identifier: identifier, facts: try RequiredExifTags.facts(source, structure))
            let afterAPP0 = JPEGExifEdit.afterLeadingAPP0(structure)
            replaced = afterAPP0..<afterAPP0
        }
        segment = JPEGRewrite.segment(JPEGMarker.app1, payload)
    }

    /// Where a new segment goes when the source has none to replace: after SOI and the leading
    /// APP0 segments.
    static func afterLeadingAPP0(_ structure: JPEGStructure) -> UInt64 {
        structure.segments.prefix { $0.isAPP(0) }.last?.endOffset ?? 2
    }
}
