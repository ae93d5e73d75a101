/// How `pair` writes the still (`stillWrite` in its JSON). Decided once, before a dry run
/// returns (`StillWritePlan`), and carried out as decided by the real run.
public enum StillWriteMethod: String, Codable, Sendable, CaseIterable {
    /// HEIC, in place, the file keeps its size: the new Exif goes over the old bytes (through
    /// an appended box first, so every step leaves a complete file).
    case inPlace = "in-place"
    /// HEIC, in place: the new Exif appended in a new `mdat` (behind our marker); only the
    /// item's `iloc` extent changes.
    case tailAppend = "tail-append"
    /// The whole file rewritten through a temporary file (a JPEG; a HEIC whose `meta` grows).
    case rewrite
    /// A new file (`-o DIR`).
    case newFile = "new-file"
    /// Nothing written (the still already holds the identifier).
    case none
}
