import BinaryIO

/// An error about one file, printed as `livephoto: <path>: <reason>`, with the exit code the
/// command-line tool documents for it.
public struct LivePhotoError: Error, CustomStringConvertible, Equatable {
    public enum Category: Int32, Sendable {
        /// A file is missing, unreadable, damaged, or not a still/movie (exit code 3).
        case unreadable = 3
        /// The operation was refused or could not write its result (exit code 4).
        case refused = 4
        /// The arguments do not make sense (exit code 2).
        case usage = 2
    }

    public var path: String
    public var reason: String
    public var category: Category

    public init(path: String, reason: String, category: Category) {
        self.path = path; self.reason = reason; self.category = category
    }

    /// Wraps any error thrown while reading or writing `path`.
    public static func wrap(_ error: Error, path: String, category: Category = .unreadable) -> LivePhotoError {
        if let e = error as? LivePhotoError { return e }
        if let e = error as? ParseError {
            // An OS-level failure on write (no space, read-only) is a refusal, not bad input.
            return LivePhotoError(path: path, reason: e.description, category: e.kind == .io ? category : .unreadable)
        }
        return LivePhotoError(path: path, reason: String(describing: error), category: category)
    }

    public var description: String { "\(path): \(reason)" }
}
