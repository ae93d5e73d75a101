import BinaryIO

/// The top-level boxes of a file, read from their headers alone (at most 32 bytes each),
/// so scanning a movie never reads its media data.
public struct TopLevelBoxes {
    /// A fixed bound: real movies have a handful of top-level boxes.
    public static let maximumCount = 10_000

    public let fileSize: UInt64
    public let boxes: [BoxHeader]
    /// Where an incomplete box starts after a complete `moov` (or, for a HEIF image, `meta`):
    /// a torn append or someone's trailer; nil when the file ends cleanly. Before it, an
    /// incomplete box is an error instead.
    public var incompleteTailOffset: UInt64? = nil

    /// - Parameter tailAfter: the box that must be complete for the bytes after the last
    ///   complete box to be a tail (`moov` for a movie, `meta` for a HEIF image).
    public static func scan(_ source: FileSource, tailAfter: FourCC = "moov") throws -> TopLevelBoxes {
        var boxes: [BoxHeader] = []
        var offset: UInt64 = 0
        while offset < source.size {
            guard boxes.count < maximumCount else {
                throw ParseError(.tooLarge, "more than \(maximumCount) top-level boxes", path: "", offset: offset)
            }
            let remaining = source.size - offset
            do {
                if remaining < 8 {
                    throw ParseError(.truncated, "truncated box header (\(remaining) bytes left)", path: "", offset: offset)
                }
                var reader = try source.reader(at: offset, count: Int(min(remaining, 32)))
                let header = try BoxHeader.parse(&reader, limit: source.size, path: "")
                boxes.append(header)
                offset = header.end
            } catch let error as ParseError where error.kind != .io && boxes.contains(where: { $0.type == tailAfter }) {
                var result = TopLevelBoxes(fileSize: source.size, boxes: boxes)
                result.incompleteTailOffset = offset
                return result
            }
        }
        return TopLevelBoxes(fileSize: source.size, boxes: boxes)
    }

    public func first(_ type: FourCC) -> BoxHeader? { boxes.first { $0.type == type } }
    public func all(_ type: FourCC) -> [BoxHeader] { boxes.filter { $0.type == type } }
}
