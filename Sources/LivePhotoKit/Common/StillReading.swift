import BinaryIO
import StillImage

/// Reads a still of either format (told by content): a JPEG through `StillImageReader`, a HEIC
/// through `HEICStill`; both end in the same EXIF and MakerNote code.
enum StillReading {
    /// Every still is opened through `StillHeaderWindow`: its headers cost one read.
    /// The still's info and, for a HEIC, its parse (for an edit to work on), from one open and
    /// one header read.
    static func read(path: String) throws -> (info: StillImageInfo, heic: HEICStill?) {
        let source = try StillHeaderWindow.open(path)
        if try FileKind.detect(source) == .heic {
            let still = try HEICStill(source: source)
            return (try still.info(path: path), still)
        }
        return (try StillImageReader.read(source: source, path: path), nil)
    }

    /// Only the identifier, without libexif or a decoder: what `scan` and `verify` need.
    static func contentIdentifier(source: FileSource, kind: FileKind) throws -> String? {
        kind == .heic ? try HEICStill(source: source).contentIdentifier() : try StillImageReader.contentIdentifier(source: source)
    }

    static func contentIdentifier(path: String) throws -> String? {
        let source = try StillHeaderWindow.open(path)
        return try contentIdentifier(source: source, kind: FileKind.detect(source))
    }

    /// What `verify` reads of a still: header facts for a JPEG (our own parsers, no libexif),
    /// the same fields from the HEIF items for a HEIC (size from `ispe` after `irot`).
    struct Facts: Sendable, Equatable {
        var facts: StillHeaderFacts
        var isHEIC: Bool
    }

    static func headerFacts(path: String) throws -> Facts {
        let source = try StillHeaderWindow.open(path)
        return try headerFacts(source: source, kind: FileKind.detect(source))
    }

    static func headerFacts(source: FileSource, kind: FileKind) throws -> Facts {
        guard kind == .heic else { return Facts(facts: try StillImageReader.headerFacts(source: source), isHEIC: false) }
        let info = try HEICStill(source: source).info(path: source.path)
        var facts = StillHeaderFacts(contentIdentifier: info.contentIdentifier, width: info.width, height: info.height,
                                     orientation: nil, captureDate: info.captureDate)
        facts.identifierUnread = info.identifierUnread
        return Facts(facts: facts, isHEIC: true)
    }
}
