import BinaryIO

/// ColorOS Gallery (OPPO, OnePlus, realme) shows a photo's motion only when EXIF `UserComment`
/// reads `oplus_<flags>` with the motion-photo bit (0x800000) set. This sets it by patching the
/// TIFF block the way `ExifMakerNotePatch` does: the original bytes stay where they were, a
/// copy of the Exif IFD with the comment (in tag order) is appended and IFD0's Exif pointer
/// points at it. A comment of the user's own (not `oplus_…`) is never replaced: nil is returned.
public enum OplusUserComment {
    public static let tag: UInt16 = 0x9286
    public static let motionPhotoFlag: UInt64 = 0x800000
    /// EXIF's character-code prefix for an ASCII comment.
    static let asciiCode: [UInt8] = Array("ASCII".utf8) + [0, 0, 0]

    /// The comment's text, `oplus_<flags>`, from a UserComment value; nil when it is not one.
    public static func flags(in value: [UInt8]) -> UInt64? {
        let text = String(decoding: value.dropFirst(8).prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard value.starts(with: asciiCode), text.hasPrefix("oplus_") else { return nil }
        return UInt64(text.dropFirst(6))
    }

    /// The EXIF APP1 payload ("Exif\0\0" + TIFF) with the flag set; nil when the still has a
    /// comment of its own. Throws when the EXIF has no Exif IFD or does not read.
    public static func settingFlag(payload: [UInt8], payloadOffset: UInt64) throws -> [UInt8]? {
        guard payload.starts(with: JPEGSegment.exifHeader) else {
            throw ParseError(.invalidValue, "EXIF payload does not start with \"Exif\\0\\0\"", path: "APP1/Exif", offset: payloadOffset)
        }
        let original = try ExifTIFF(tiff: Array(payload.dropFirst(ExifTIFF.exifHeaderLength)), tiffOffset: payloadOffset + UInt64(ExifTIFF.exifHeaderLength), path: "APP1/Exif")
        guard let exif = original.directories[.exif], let range = original.directoryRanges[.exif],
              let pointer = original.entry(ExifTIFF.exifIFDPointer, in: .ifd0) else {
            throw ParseError(.unsupported, "the still's EXIF has no Exif IFD for UserComment", path: "APP1/Exif")
        }
        var flags = motionPhotoFlag
        if let old = original.entry(tag, in: .exif) {
            guard let value = original.valueBytes(old), let found = Self.flags(in: Array(value)) else { return nil }
            flags |= found
        }
        let comment = asciiCode + Array("oplus_\(flags)".utf8)
        let entry = ExifMakerNotePatch.NewEntry(tag: tag, type: TIFFType.undefined, count: UInt32(comment.count), content: .value(comment))
        let tiff = try ExifMakerNotePatch.appendingExifIFDCopy(exif, at: range, pointer: pointer, adding: entry, in: original).block.bytes
        try check(tiff, original: original, comment: comment)
        let saved = JPEGSegment.exifHeader + tiff
        guard saved.count <= ExifIdentifierRewrite.maxAPP1Payload else { throw ExifTooLargeError(size: saved.count, limit: ExifIdentifierRewrite.maxAPP1Payload) }
        return saved
    }

    /// Read back with our reader: the comment is there, every other entry of IFD0 (but the
    /// Exif pointer) and of the Exif IFD is as it was.
    static func check(_ tiff: [UInt8], original: ExifTIFF, comment: [UInt8]) throws {
        let written = try ExifTIFF(tiff: tiff, tiffOffset: original.baseOffset, path: original.path + " (as written)")
        guard let entry = written.entry(tag, in: .exif), written.valueBytes(entry).map(Array.init) == comment else {
            throw ParseError(.io, "the new EXIF does not hold the UserComment; nothing was written", path: original.path)
        }
        for (dir, skip) in [(ExifTIFF.Directory.ifd0, ExifTIFF.exifIFDPointer), (.exif, tag)] {
            let before = (original.directories[dir] ?? []).filter { $0.tag != skip }, after = (written.directories[dir] ?? []).filter { $0.tag != skip }
            guard before.count == after.count, zip(before, after).allSatisfy({ ExifPreservationCheck.same($0, in: original, $1, in: written) }) else {
                throw ParseError(.io, "setting UserComment would change the \(dir.rawValue); nothing was written", path: original.path)
            }
        }
    }
}
