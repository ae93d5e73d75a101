import BinaryIO

/// What a file is, told from its first bytes rather than its name.
/// The raw values are what `inspect --json` prints as `format`.
public enum FileKind: String, Codable, Sendable, Equatable {
    case jpeg
    case heic
    case quickTimeMovie = "quicktime"
    case mp4Movie = "mp4"
    case unknown

    public var isMovie: Bool { self == .quickTimeMovie || self == .mp4Movie }

    static let heifBrands: Set<FourCC> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"]
    /// Top-level box types that start a QuickTime movie without `ftyp`.
    static let quickTimeFirstBoxes: Set<FourCC> = ["moov", "mdat", "wide", "free", "skip", "pnot", "uuid"]

    public static func detect(_ source: FileSource) throws -> FileKind {
        let head = try source.readUpTo(at: 0, count: 16)
        if head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF { return .jpeg }
        guard head.count >= 12 else { return .unknown }
        let type = FourCC(UInt32(head[4]) << 24 | UInt32(head[5]) << 16 | UInt32(head[6]) << 8 | UInt32(head[7]))
        if type == "ftyp" {
            let brand = FourCC(UInt32(head[8]) << 24 | UInt32(head[9]) << 16 | UInt32(head[10]) << 8 | UInt32(head[11]))
            if heifBrands.contains(brand) { return .heic }
            if brand == "qt  " { return .quickTimeMovie }
            return .mp4Movie
        }
        if quickTimeFirstBoxes.contains(type) { return .quickTimeMovie }
        return .unknown
    }

    public static func detect(path: String) throws -> FileKind { try detect(FileSource(path: path)) }
}
