import BinaryIO

/// Builds EXIF that carries the content identifier in an Apple MakerNote. The work happens at
/// the TIFF level (what a JPEG APP1 and a HEIF `Exif` item share), by our own code: libexif
/// cannot save Apple's note and re-lays out whatever it saves, dropping what nothing points
/// to. Only the JPEG entry points know about "Exif\0\0" and the 64 KB an APP1 segment can hold.
enum ExifIdentifierRewrite {
    /// An APP1 length field counts itself (2) and holds at most 65535.
    static let maxAPP1Payload = 65533

    /// Rewrites an existing EXIF APP1 payload ("Exif\0\0" + TIFF) for a JPEG.
    static func rewrite(payload: [UInt8], payloadOffset: UInt64, identifier: String, replaceForeignMakerNote: Bool,
                        facts: () throws -> RequiredExifTags.ImageFacts) throws -> [UInt8] {
        guard payload.starts(with: JPEGSegment.exifHeader) else {
            throw ParseError(.invalidValue, "EXIF payload does not start with \"Exif\\0\\0\"", path: "APP1/Exif", offset: payloadOffset)
        }
        let tiff = try rewrite(tiff: Array(payload.dropFirst(ExifTIFF.exifHeaderLength)), tiffOffset: payloadOffset + UInt64(ExifTIFF.exifHeaderLength),
                               path: "APP1/Exif", identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote, facts: facts)
        let saved = JPEGSegment.exifHeader + tiff
        try checkFits(saved)
        return saved
    }

    /// Sets the identifier in TIFF-structured EXIF by patching the block (`ExifMakerNotePatch`):
    /// an Apple MakerNote gets tag 0x11 edited in its bytes (`AppleMakerNoteEdit`); without a
    /// MakerNote, or replacing a foreign one, a minimal Apple note goes in. Every other byte of
    /// the block stays, checked with our own reader (`ExifPreservationCheck`) and cross-checked
    /// with libexif. When the EXIF has no Exif IFD (IFD0 and GPS only), the Exif IFD created
    /// for the MakerNote gets the tags EXIF requires, with values from `facts` (read only
    /// then). Returns TIFF.
    static func rewrite(tiff: [UInt8], tiffOffset: UInt64, path: String, identifier: String, replaceForeignMakerNote: Bool,
                        facts: () throws -> RequiredExifTags.ImageFacts) throws -> [UInt8] {
        let original = try ExifTIFF(tiff: tiff, tiffOffset: tiffOffset, path: path)
        let found = try original.makerNote()
        let note: [UInt8]
        switch MakerNoteKind.classify(makerNote: found?.bytes, make: original.make) {
        case .apple:
            guard let found else { throw ParseError(.invalidValue, "no MakerNote", path: original.path) }
            note = try AppleMakerNoteEdit.settingIdentifier(found.bytes, to: identifier, baseOffset: found.fileOffset, path: path + "/MakerNote")
        case .none:
            note = AppleMakerNote.minimal(contentIdentifier: identifier).serialized()
        case .foreign(let maker):
            guard replaceForeignMakerNote else { throw ForeignMakerNoteError(maker: maker) }
            note = AppleMakerNote.minimal(contentIdentifier: identifier).serialized()
        }
        let added = original.directories[.exif] == nil ? RequiredExifTags.exifIFD(try facts(), bigEndian: !original.littleEndian) : []
        let patch = try ExifMakerNotePatch.apply(note: note, to: original, exifIFDFields: added)
        try ExifPreservationCheck.verify(original: original, patch: patch, makerNote: note, addedToExifIFD: added)
        try crossCheck(patch, original: tiff, originalMakerNote: found?.payloadRange, makerNote: note, path: path)
        return patch.tiff
    }

    /// libexif, an independent reader, must find in the new block what it found in the old
    /// (Make, Model, Orientation, through the IFD pointers the patch may have moved) and the
    /// MakerNote at its new size (unless libexif did not load the old one either). Skipped for
    /// a block past what libexif loads (64 KB). libexif loads only APP1-style data ("Exif\0\0"
    /// first) and never sees MakerNote bytes.
    private static func crossCheck(_ patch: ExifMakerNotePatch, original tiff: [UInt8], originalMakerNote: Range<Int>?, makerNote: [UInt8], path: String) throws {
        let payload = JPEGSegment.exifHeader + patch.tiff
        guard payload.count <= ExifBlock.maxPayload, tiff.count + ExifTIFF.exifHeaderLength <= ExifBlock.maxPayload else { return }
        let before = try ExifBlock(payload: JPEGSegment.exifHeader + tiff, hidingMakerNoteAt: originalMakerNote)
        let hadMakerNote = originalMakerNote != nil
        let shifted = patch.makerNoteRange.lowerBound + ExifTIFF.exifHeaderLength ..< patch.makerNoteRange.upperBound + ExifTIFF.exifHeaderLength
        let after = try ExifBlock(payload: payload, hidingMakerNoteAt: shifted)
        let seesNote = !hadMakerNote || before.makerNoteBytes != nil
        guard after.make == before.make, after.model == before.model, after.orientation == before.orientation,
              !seesNote || after.makerNoteBytes?.count == makerNote.count else {
            throw ParseError(.io, "libexif reads the new EXIF differently from the old; nothing was written", path: path)
        }
    }

    /// The payload for a JPEG without EXIF.
    static func minimal(identifier: String, facts: RequiredExifTags.ImageFacts) throws -> [UInt8] {
        let payload = MinimalExif.payload(makerNote: AppleMakerNote.minimal(contentIdentifier: identifier).serialized(), facts: facts)
        try checkFits(payload)
        return payload
    }

    /// TIFF-structured EXIF for an image without any: the minimal payload without "Exif\0\0".
    static func minimalTIFF(identifier: String, facts: RequiredExifTags.ImageFacts) -> [UInt8] {
        Array(MinimalExif.payload(makerNote: AppleMakerNote.minimal(contentIdentifier: identifier).serialized(), facts: facts)
            .dropFirst(ExifTIFF.exifHeaderLength))
    }

    static func checkFits(_ payload: [UInt8]) throws {
        guard payload.count <= maxAPP1Payload else {
            throw ExifTooLargeError(size: payload.count, limit: maxAPP1Payload)
        }
    }
}
