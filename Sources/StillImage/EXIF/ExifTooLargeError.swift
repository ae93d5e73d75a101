/// The EXIF that pairing would write does not fit one APP1 segment (64 KB). The input is
/// fine; the write is refused (exit 4), unlike damaged input (exit 3).
public struct ExifTooLargeError: Error, CustomStringConvertible, Equatable, Sendable {
    public let size: Int
    public let limit: Int
    public init(size: Int, limit: Int) { self.size = size; self.limit = limit }
    public var description: String {
        "the new EXIF would be \(size) bytes, more than the \(limit) one APP1 segment can hold; pairing refuses"
    }
}
