import BinaryIO

/// Builds the EXIF APP1 payload that carries the content identifier in an Apple MakerNote.
enum ExifIdentifierRewrite {
    /// An APP1 length field counts itself (2) and holds at most 65535.
    static let maxAPP1Payload = 65533

    /// Rewrites an existing EXIF payload through libexif, then checks the result with our own
    /// TIFF reader: the MakerNote must be exactly ours and every other tag unchanged. When the
    /// EXIF has no Exif IFD (IFD0 and GPS only), the Exif IFD libexif creates for the MakerNote
    /// gets the tags EXIF requires, with values from `facts` (read only then).
    static func rewrite(payload: [UInt8], payloadOffset: UInt64, identifier: String, replaceForeignMakerNote: Bool,
                        facts: () throws -> RequiredExifTags.ImageFacts) throws -> [UInt8] {
        let original = try ExifTIFF(payload: payload, payloadOffset: payloadOffset)
        if let (dir, error) = original.damaged.sorted(by: { $0.key.rawValue < $1.key.rawValue }).first {
            throw ParseError(.unsupported, "the EXIF \(dir.rawValue) is damaged (\(error.message)); libexif would drop it, so pairing refuses",
                             path: error.path, offset: error.offset)
        }
        let found = try original.makerNote()
        let block = try ExifBlock(payload: payload, hidingMakerNoteAt: found?.payloadRange)
        let kind = MakerNoteKind.classify(makerNote: found?.bytes, make: block.make)
        let note: AppleMakerNote
        switch kind {
        case .apple:
            guard let found else { throw ParseError(.invalidValue, "no MakerNote", path: original.path) }
            var existing = try AppleMakerNote.parse(found.bytes, baseOffset: found.fileOffset)
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
        try checkFits(saved)
        let reread = try ExifTIFF(payload: saved, payloadOffset: 0, path: "APP1/Exif (as saved by libexif)")
        try ExifPreservationCheck.verify(original: original, saved: reread, makerNote: noteBytes, addedToExifIFD: added)
        return saved
    }

    /// The payload for a JPEG without EXIF.
    static func minimal(identifier: String, facts: RequiredExifTags.ImageFacts) throws -> [UInt8] {
        let payload = MinimalExif.payload(makerNote: AppleMakerNote.minimal(contentIdentifier: identifier).serialized(), facts: facts)
        try checkFits(payload)
        return payload
    }

    static func checkFits(_ payload: [UInt8]) throws {
        guard payload.count <= maxAPP1Payload else {
            throw ExifTooLargeError(size: payload.count, limit: maxAPP1Payload)
        }
    }
}
