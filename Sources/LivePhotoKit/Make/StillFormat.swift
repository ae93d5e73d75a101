/// What `make` encodes the still as: a JPEG (libjpeg-turbo) or a HEIC (libheif, loaded then).
public enum StillFormat: String, Sendable, CaseIterable, Codable {
    case jpeg
    case heic

    /// The new still's extension, upper case as cameras name their files.
    var fileExtension: String {
        switch self {
        case .jpeg: return "JPG"
        case .heic: return "HEIC"
        }
    }
}
