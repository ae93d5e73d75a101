import BinaryIO

/// Box paths for the readers a scan runs on every track of every movie and every item of
/// every HEIF it opens. Such a reader is handed `root`, a one-character stand-in Swift holds inline, so the paths
/// it derives (`root + "/stts"`) cost no allocation; the long real path
/// (`moov/trak[2]/mdia/minf/stbl/stts`) is built only when an error is thrown, by putting the
/// caller's prefix where the stand-in is. NUL never occurs in a real path (box types print
/// unprintable bytes as `\xNN`), so a path that does not start with it is left as it is.
enum RelativeBoxPath {
    static let root = "\u{0}"

    /// Runs `body` with `root` as its path; a `ParseError` it throws whose path starts with
    /// `root` gets `prefix()` in its place.
    static func reading<T>(under prefix: () -> String, _ body: (String) throws -> T) throws -> T {
        do {
            return try body(root)
        } catch let error as ParseError {
            throw rebased(error, under: prefix)
        }
    }

    /// `error` with `prefix()` in place of `root`, when its path starts with it; else as it is.
    static func rebased(_ error: ParseError, under prefix: () -> String) -> ParseError {
        guard error.path.utf8.first == 0 else { return error }
        var rebased = error
        rebased.path = prefix() + error.path.dropFirst()
        return rebased
    }
}
