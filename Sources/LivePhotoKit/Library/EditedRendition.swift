import BinaryIO

/// Apple's edited renditions: iCloud and Photos exports write `IMG_E1234.HEIC` + `IMG_E1234.MOV`
/// beside the original `IMG_1234.*`. Both are often one Live Photo's identifier and one moment,
/// so neither the identifier nor the time tells them apart; the name does. An edited file is
/// paired only with an edited one, an original only with an original.
enum EditedRendition {
    /// Whether the file name's stem is `IMG_E` followed by a digit (any case).
    static func isEdited(_ path: String) -> Bool {
        let name = PathComponents.lastComponent(path).utf8
        guard name.count > 5 else { return false }
        let prefix = name.prefix(5).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        guard prefix == Array("IMG_E".utf8), let next = name.dropFirst(5).first else { return false }
        return (0x30...0x39).contains(next)
    }

    /// Whether a still and a movie may be paired: both edited renditions, or neither.
    static func mayPair(_ still: String, _ movie: String) -> Bool { isEdited(still) == isEdited(movie) }
}
