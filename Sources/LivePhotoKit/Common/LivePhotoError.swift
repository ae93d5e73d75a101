import BinaryIO
import StillImage

/// An error about one file, printed as `livephoto: <path>: <reason>`, with the exit code the
/// command-line tool documents for it (`.unreadable`, `.refused` or `.usage`).
public struct LivePhotoError: Error, CustomStringConvertible, Equatable {
    @available(*, deprecated, renamed: "ExitStatus")
    public typealias Category = ExitStatus

    public var path: String
    public var reason: String
    public var category: ExitStatus
    /// The operating system's error number when the system refused a read or write (ENOSPC,
    /// EROFS, ...): callers tell those apart by value, not by `reason`'s words.
    public var errno: Errno?

    public init(path: String, reason: String, category: ExitStatus, errno: Errno? = nil) {
        self.path = path; self.reason = reason; self.category = category; self.errno = errno
    }

    /// Wraps any error thrown while reading or writing `path`.
    public static func wrap(_ error: Error, path: String, category: ExitStatus = .unreadable) -> LivePhotoError {
        if let e = error as? LivePhotoError { return e }
        if let e = error as? ForeignMakerNoteError { return foreignMakerNote(e, path: path) }
        // The inputs were read; what we wrote failed its read-back: a refusal, not bad input.
        if let e = error as? WrittenFileMismatch { return LivePhotoError(path: path, reason: e.description, category: .refused) }
        if let e = error as? ParseError {
            // An OS-level failure on write (no space, read-only) is a refusal, not bad input.
            return LivePhotoError(path: path, reason: e.description, category: e.kind == .io ? category : .unreadable, errno: e.errno)
        }
        return LivePhotoError(path: path, reason: String(describing: error), category: category)
    }

    /// A foreign MakerNote `pair` would replace: refused, with the option that allows it.
    public static func foreignMakerNote(_ error: ForeignMakerNoteError, path: String) -> LivePhotoError {
        LivePhotoError(path: path, reason: "\(error.description); pass --replace-maker-note to replace it", category: .refused)
    }

    /// The exit code of a check that could not read its files: refused (busy: another run held
    /// them past the wait) stays a refusal, anything else is an unreadable file.
    public var readFailureStatus: ExitStatus { category == .refused ? .refused : .unreadable }

    public var description: String { "\(path): \(reason)" }
}
