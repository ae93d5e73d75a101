/// Whose MakerNote an image carries, which decides whether pairing may write tag 17.
public enum MakerNoteKind: Equatable, Sendable {
    case none
    case apple
    /// A MakerNote that is not Apple's; `maker` comes from its signature when it has one,
    /// else from IFD0 Make, else "unknown".
    case foreign(maker: String)

    /// Signatures at the start of vendor MakerNotes (exiftool's MakerNotes table is the
    /// reference for these prefixes). Canon and Samsung notes have none: they are bare IFDs.
    static let signatures: [(prefix: [UInt8], maker: String)] = [
        ("Nikon\0", "Nikon"), ("OLYMPUS\0", "Olympus"), ("OLYMP\0", "Olympus"), ("OM SYSTEM\0", "Olympus"),
        ("AOC\0", "Pentax"), ("PENTAX \0", "Pentax"), ("FUJIFILM", "Fujifilm"), ("Panasonic\0", "Panasonic"),
        ("SONY DSC ", "Sony"), ("SONY CAM ", "Sony"), ("SONY MOBILE", "Sony"), ("LEICA", "Leica"),
        ("SANYO\0", "Sanyo"), ("EPSON\0", "Epson"), ("QVC\0", "Casio"), ("KDK", "Kodak"),
        ("SIGMA\0", "Sigma"), ("RICOH", "Ricoh"), ("Ricoh", "Ricoh"), ("MLY", "Minolta"), ("KYOCERA", "Kyocera"),
        ("Google", "Google"), ("HUAWEI", "Huawei"),
    ].map { (Array($0.0.utf8), $0.1) }

    /// Make values as cameras write them, mapped to the names used in messages.
    static let makeNames: [String: String] = [
        "canon": "Canon", "samsung": "Samsung", "nikon": "Nikon", "olympus": "Olympus", "pentax": "Pentax",
        "asahi": "Pentax", "ricoh": "Ricoh", "fujifilm": "Fujifilm", "sony": "Sony", "panasonic": "Panasonic",
        "leica": "Leica", "casio": "Casio", "kodak": "Kodak", "eastman": "Kodak", "minolta": "Minolta",
        "konica": "Minolta", "sigma": "Sigma", "google": "Google", "huawei": "Huawei", "xiaomi": "Xiaomi",
        "lge": "LG", "lg": "LG", "motorola": "Motorola", "oneplus": "OnePlus", "apple": "Apple",
    ]

    /// Classifies a MakerNote value (nil when the EXIF has no MakerNote tag). An empty or
    /// all-zero note holds nothing that pairing could destroy, so it counts as none.
    public static func classify<C: Collection>(makerNote: C?, make: String?) -> MakerNoteKind where C.Element == UInt8 {
        guard let note = makerNote, note.contains(where: { $0 != 0 }) else { return .none }
        if AppleMakerNote.isApple(note) { return .apple }
        if let match = signatures.first(where: { note.starts(with: $0.prefix) }) {
            return .foreign(maker: match.maker)
        }
        return .foreign(maker: makerName(fromMake: make))
    }

    static func makerName(fromMake make: String?) -> String {
        guard let make = make?.trimmingSpaces(), !make.isEmpty else { return "unknown" }
        let firstWord = make.split(separator: " ").first.map { $0.lowercased() } ?? ""
        return makeNames[firstWord] ?? make
    }
}
