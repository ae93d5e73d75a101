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

    /// The method for `file` written in place (or not) with or without `--faststart`.
    public static func choose(_ file: MovieFile, inPlace: Bool, faststart: Bool) -> MovieWriteMethod {
        guard inPlace else { return .newFile }
        if faststart { return .rewrite }
        return TailAppendMovieWrite.applies(to: file) ? .tailAppend : .rewrite
    }
}
