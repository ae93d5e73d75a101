import BinaryIO

/// A JPEG whose MakerNote is not Apple's: pairing would replace it, losing the vendor's data.
/// (How the user allows it is the caller's to say: LivePhotoKit's error mapping names the flag.)
public struct ForeignMakerNoteError: Error, CustomStringConvertible, Equatable, Sendable {
    public let maker: String
    public init(maker: String) { self.maker = maker }
    public var description: String {
        "has \(indefiniteArticle(before: maker)) \(maker) MakerNote that pairing would replace"
    }
}

/// The still-image half of `pair`: a copy of the JPEG whose Apple MakerNote tag 17 holds the
/// content identifier. Only the EXIF APP1 changes; every other byte is copied as it is.
public enum StillIdentifierWriter {
    /// Writes a copy of `sourcePath` whose EXIF Apple MakerNote tag 17 = identifier into an
    /// AtomicFileWriter targeting `targetPath` (may equal sourcePath), fsynced but NOT committed;
    /// the caller commits or discards (so a pair can prepare both files before committing either).
    ///
    /// Layout: SOI and every segment before the EXIF APP1 verbatim, the new APP1, then everything
    /// after the old APP1 verbatim through EOF (other segments, scan data, EOI, trailers). A
    /// JPEG without EXIF gets a new APP1 after SOI, or after the leading APP0 segments (JFIF
    /// requires its APP0 first).
    public static func prepare(sourcePath: String, targetPath: String, identifier: String, replaceForeignMakerNote: Bool) throws -> AtomicFileWriter {
        try validate(identifier)
        let source = try StillHeaderWindow.open(sourcePath)
        let structure = try JPEGStructure.read(source)
        let edit = try JPEGExifEdit(source: source, structure: structure, identifier: identifier, replaceForeignMakerNote: replaceForeignMakerNote)

        // The new file takes the source's owner, mode and extended attributes (in place the
        // source is the target; with -o DIR it is the input, as `cp -p` would).
        let writer = try AtomicFileWriter(targetPath: targetPath, modeFrom: sourcePath)
        do {
            try writer.copy(from: source, offset: 0, count: edit.replaced.lowerBound)
            try writer.write(edit.segment)
            try writer.copy(from: source, offset: edit.replaced.upperBound, count: source.size - edit.replaced.upperBound)
            try writer.sync()
            try WrittenFileMismatch.check(written: writer.temporaryPath, at: .stillWritten) { try verifyWritten(writer.temporaryPath, identifier: identifier, scanBytes: source.size - structure.scanStart) }
        } catch {
            writer.discard()
            throw error
        }
        return writer
    }

    /// Apple writes an upper-case UUID; we accept any printable ASCII that fits an EXIF string.
    static func validate(_ identifier: String) throws {
        let bytes = Array(identifier.utf8)
        guard !bytes.isEmpty, bytes.count <= 255, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
            throw ParseError(.invalidValue, "the content identifier must be 1 to 255 printable ASCII characters")
        }
    }

    /// Reads the temporary file back the way a reader would: its structure parses, the scan
    /// data is as long as before, and tag 17 holds the identifier.
    static func verifyWritten(_ path: String, identifier: String, scanBytes: UInt64) throws {
        let written = try StillHeaderWindow.open(path)
        let structure = try JPEGStructure.read(written)
        guard written.size - structure.scanStart == scanBytes, let tiff = try ExifTIFF.read(written, structure, purpose: .editing) else {
            throw ParseError(.invalidValue, "the written file does not read back as expected", path: "JPEG")
        }
        guard try tiff.appleContentIdentifier() == identifier else {
            throw ParseError(.invalidValue, "the written file's MakerNote does not hold the identifier", path: "APP1/Exif/MakerNote")
        }
    }
}
