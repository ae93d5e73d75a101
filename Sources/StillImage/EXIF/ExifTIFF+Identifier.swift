import BinaryIO

extension ExifTIFF {
    /// The EXIF of a JPEG whose segments are `structure`, read with our own TIFF reader; nil
    /// when it has no EXIF segment.
    static func read(_ source: FileSource, _ structure: JPEGStructure, purpose: Purpose) throws -> ExifTIFF? {
        guard let segment = structure.exifSegment else { return nil }
        let payload = try source.read(at: segment.payloadOffset, count: segment.payloadLength, path: "APP1/Exif")
        return try ExifTIFF(payload: payload, payloadOffset: segment.payloadOffset, purpose: purpose)
    }

    /// The one reader of the content identifier (Apple MakerNote tag 17): nil without an Apple
    /// MakerNote or without the tag. `notePath` names the MakerNote in errors.
    func appleContentIdentifier(notePath: String = "APP1/Exif/MakerNote") throws -> String? {
        guard let found = try makerNote(), AppleMakerNote.isApple(found.bytes) else { return nil }
        return try AppleMakerNote.parse(found.bytes, baseOffset: found.fileOffset, path: notePath).contentIdentifier
    }

    /// The MakerNote as a reader sees it. A MakerNote that does not read (its value outside the
    /// EXIF, a damaged Apple note), or an IFD0 or Exif IFD that does not (`damaged`), leaves the
    /// Apple note unknown and `unread` says why: readers go on with a warning; only a writer,
    /// which edits them, must refuse.
    func readableMakerNote(notePath: String) -> ReadableMakerNote {
        if let (dir, error) = [Directory.ifd0, .exif].lazy.compactMap({ dir in self.damaged[dir].map { (dir, $0) } }).first {
            return ReadableMakerNote(kind: .none, apple: nil, unread: ("the EXIF \(dir.rawValue)", error.description))
        }
        let found: (bytes: [UInt8], payloadRange: Range<Int>, fileOffset: UInt64)?
        do {
            found = try makerNote()
        } catch {
            return ReadableMakerNote(kind: .none, apple: nil, unread: ("the MakerNote", Self.describe(error)))
        }
        let kind = MakerNoteKind.classify(makerNote: found?.bytes, make: make)
        guard kind == .apple, let found else { return ReadableMakerNote(kind: kind, apple: nil, unread: nil) }
        do {
            return ReadableMakerNote(kind: kind, apple: try AppleMakerNote.parse(found.bytes, baseOffset: found.fileOffset, path: notePath), unread: nil)
        } catch {
            return ReadableMakerNote(kind: kind, apple: nil, unread: ("the Apple MakerNote", Self.describe(error)))
        }
    }

    private static func describe(_ error: Error) -> String {
        (error as? ParseError)?.description ?? "\(error)"
    }
}

/// What a reader found of a still's MakerNote (`ExifTIFF.readableMakerNote`).
struct ReadableMakerNote {
    let kind: MakerNoteKind
    /// The Apple MakerNote, decoded.
    let apple: AppleMakerNote?
    /// What could not be read on the way to the MakerNote or in it, and why.
    let unread: (subject: String, reason: String)?

    /// "the Apple MakerNote does not parse: <reason>".
    var unreadDescription: String? { unread.map { "\($0.subject) does not parse: \($0.reason)" } }
}
