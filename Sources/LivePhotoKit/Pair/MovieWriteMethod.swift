import ISOBMFF

/// How `pair` writes the movie (`movieWrite` in its JSON).
public enum MovieWriteMethod: String, Codable, Sendable, CaseIterable {
    /// In place, media untouched: a new `moov` appended, the old one retired as `free`.
    /// Any layout; a `moov` that came first ends up last.
    case tailAppend = "tail-append"
    /// The whole file rewritten through a temporary file (`--faststart`: `moov` before the media).
    case rewrite
    /// In place, media untouched, `moov` kept first (`--faststart`): the new `moov` is written
    /// over the old one and the `free`/`wide` padding after it, through a journal.
    case growInPlace = "grow-in-place"
    /// A new file (`-o DIR`, or an MP4 written as `.MOV`).
    case newFile = "new-file"
    /// Nothing written (already paired).
    case none

    /// The one place `pair` decides how the movie is written (a dry run reports the same).
    /// - Parameters:
    ///   - edit: the planned movie edit; nil when the movie is left as it is.
    ///   - inPlace: the movie is written under its own name (not `-o DIR`, not an MP4's `.MOV`).
    ///   - tailAppendAllowed: in place and not split from other hard links (`WriteTargets`).
    ///   - target: the file edited in place (a link's target).
    static func decide(_ file: MovieFile, edit: MovieRewritePlan?, inPlace: Bool, tailAppendAllowed: Bool,
                       faststart: Bool, target: String) -> (method: MovieWriteMethod, growth: InPlaceMoovGrowth?) {
        guard let edit else { return (.none, nil) }
        guard inPlace else { return (.newFile, nil) }
        guard tailAppendAllowed else { return (.rewrite, nil) }   // a split hard link
        guard faststart else { return (TailAppendMovieWrite.applies(to: file) ? .tailAppend : .rewrite, nil) }
        // --faststart in place: grow into the padding after moov when it fits, else rewrite.
        if let growth = try? InPlaceMoovGrowth.fitting(edit, path: target) { return (.growInPlace, growth) }
        return (.rewrite, nil)
    }
}
