import BinaryIO

/// What follows a JPEG's EOI, recognised from one table of trailer kinds (as exiftool does):
/// each kind says how it is told from its first bytes or from the file's last ones. Motion
/// Photo readers use it to check that a directory item or offset points at what it claims.
public enum JPEGTrailerKind: String, CaseIterable, Sendable {
    /// An ISO-BMFF file (the Motion Photo's MP4): a box header whose type is `ftyp`.
    case isoMedia = "iso-media"
    /// Another JPEG (an MPF image, an Ultra HDR gain map): SOI then a marker.
    case jpegImage = "jpeg-image"
    /// Samsung's SEF trailer: told from the file's last four bytes, `SEFT`.
    case samsungSEF = "samsung-sef"
    /// Huawei/Honor's moving-photo fields (`HuaweiLiveTrailer`): the last 20 bytes begin `LIVE_`.
    case huaweiLive = "huawei-live"

    /// Whether the bytes at the start of a range (`head`, at least 8 when the range has them)
    /// begin this kind. SEF and Huawei's fields are told from the end of the file instead.
    public func begins(_ head: [UInt8]) -> Bool {
        switch self {
        case .isoMedia: return head.count >= 8 && Array(head[4..<8]) == Array("ftyp".utf8)
        case .jpegImage: return head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF
        case .samsungSEF, .huaweiLive: return false
        }
    }

    /// Whether a file's last bytes (`tail`) end with this kind.
    public func ends(_ tail: [UInt8]) -> Bool {
        switch self {
        case .samsungSEF: return tail.count >= 4 && Array(tail.suffix(4)) == Array("SEFT".utf8)
        case .huaweiLive:
            let field = HuaweiLiveTrailer.fieldLength
            return tail.count >= field && tail.suffix(field).starts(with: Array(HuaweiLiveTrailer.liveTag.utf8))
        case .isoMedia, .jpegImage: return false
        }
    }

    /// The kind a range of `source` begins with, if any in the table.
    public static func atStart(of source: FileSource, offset: UInt64, length: UInt64) throws -> JPEGTrailerKind? {
        let head = try source.read(at: offset, count: Int(min(length, 8)), path: "JPEG trailer")
        return allCases.first { $0.begins(head) }
    }
}
