import BinaryIO

/// Builds EXIF that carries the content identifier in an Apple MakerNote. The work happens at
/// the TIFF level (what a JPEG APP1 and a HEIF `Exif` item share); only the JPEG entry points
/// know about "Exif\0\0" and the 64 KB an APP1 segment can hold.
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

    /// Rewrites TIFF-structured EXIF through libexif, then checks the result with our own TIFF
    /// reader: the MakerNote must be exactly ours and every other tag unchanged. When the EXIF
    /// has no Exif IFD (IFD0 and GPS only), the Exif IFD libexif creates for the MakerNote gets
    /// the tags EXIF requires, with values from `facts` (read only then). Returns TIFF.
    static func rewrite(tiff: [UInt8], tiffOffset: UInt64, path: String, identifier: String, replaceForeignMakerNote: Bool,
                        facts: () throws -> RequiredExifTags.ImageFacts) throws -> [UInt8] {
        let original = try ExifTIFF(tiff: tiff, tiffOffset: tiffOffset, path: path)
        if let (dir, error) = original.damaged.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first {
            throw ParseError(.unsupported, "the EXIF \(dir.rawValue) is damaged (\(error.message)); libexif would drop it, so pairing refuses",
                             path: error.path, offset: error.offset)
        }
        let found = try original.makerNote()
        // libexif loads only APP1-style data ("Exif\0\0" first).
        let block = try ExifBlock(payload: JPEGSegment.exifHeader + tiff, hidingMakerNoteAt: found?.payloadRange)
        let kind = MakerNoteKind.classify(makerNote: found?.bytes, make: block.make)
        let note: AppleMakerNote
        switch kind {
        case .apple:
            guard let found else { throw ParseError(.invalidValue, "no MakerNote", path: original.path) }
            var existing = try AppleMakerNote.parse(found.bytes, baseOffset: found.fileOffset, path: path + "/MakerNote")
            existing.setContentIdentifier(identifier)
            note = existing
        case .none:
            note = .minimal(contentIdentifier: identifier)
        case .foreign(let maker):
            guard replaceForeignMakerNote else { throw ForeignMakerNoteError(maker: maker) }
            note = .minimal(contentIdentifier: identifier)
        }
        let noteBytes = note.serialized()
        try block.setMakerNote(noteBytes)
        var added: [RequiredExifTags.Field] = []
        if original.directories[.exif] == nil {
            added = RequiredExifTags.exifIFD(try facts(), bigEndian: !original.littleEndian)
            for field in added { try block.addToExifIFD(field) }
        }
        let saved = try block.savedPayload()
        guard saved.starts(with: JPEGSegment.exifHeader) else {
            throw ParseError(.io, "libexif saved data without its \"Exif\\0\\0\" header", path: path)
        }
        let savedTIFF = Array(saved.dropFirst(ExifTIFF.exifHeaderLength))
        let reread = try ExifTIFF(tiff: savedTIFF, tiffOffset: 0, path: path + " (as saved by libexif)")
        try ExifPreservationCheck.verify(original: original, saved: reread, makerNote: noteBytes, addedToExifIFD: added)
        return savedTIFF
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
