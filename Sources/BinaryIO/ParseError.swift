/// A typed error from reading a hostile or damaged file: what is wrong, where (a path such as
/// `moov/trak[2]/mdia/minf/stbl/stco` or `APP1/Exif`), and the absolute byte offset.
public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case truncated          // fewer bytes than a header or count promises
        case invalidValue       // a field holds a value the format does not allow
        case tooLarge           // a size or count exceeds its container or a fixed bound
        case tooDeep            // nesting deeper than the fixed bound
        case unsupported        // well-formed, but not something this tool handles
        case io                 // the operating system refused a read or write
    }

    public var kind: Kind
    public var path: String
    public var offset: UInt64
    public var message: String
    /// `.io` from a failed system call: its error number, so callers test ENOSPC or EROFS by
    /// value (the message says it in words).
    public var errno: Errno?

    public init(_ kind: Kind, _ message: String, path: String = "", offset: UInt64 = 0) {
        self.kind = kind
        self.message = message
        self.path = path
        self.offset = offset
    }

    /// A failed system call: "`context`: <reason>", or the reason alone, with the errno kept.
    public static func system(_ errno: Errno, _ context: String = "", path: String = "", offset: UInt64 = 0) -> ParseError {
        var error = ParseError(.io, context.isEmpty ? errno.description : "\(context): \(errno.description)", path: path, offset: offset)
        error.errno = errno
        return error
    }

    /// An `.io` failure whose words are chosen by the caller, still carrying the errno.
    public static func system(_ errno: Errno, message: String) -> ParseError {
        var error = ParseError(.io, message)
        error.errno = errno
        return error
    }

    /// One line: the reason, then where (OS errors have no "where" inside the file).
    public var description: String {
        if kind == .io { return message }
        return path.isEmpty ? "\(message) at offset \(offset)" : "\(message) in \(path) at offset \(offset)"
    }
}
