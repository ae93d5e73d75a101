/// TIFF field types and their element sizes (TIFF 6.0 plus type 13, IFD).
enum TIFFType {
    static let byte: UInt16 = 1
    static let ascii: UInt16 = 2
    static let short: UInt16 = 3
    static let long: UInt16 = 4
    static let undefined: UInt16 = 7
    static let slong: UInt16 = 9

    /// Bytes per element, or nil for a type we cannot size (its value cannot be located).
    static func elementSize(_ type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: return 1
        case 3, 8: return 2
        case 4, 9, 11, 13: return 4
        case 5, 10, 12, 16, 17, 18: return 8
        default: return nil
        }
    }

    /// The types libexif 0.6.24 can load (exif_format_get_size is non-zero for 1...12 only).
    static func isKnownToLibexif(_ type: UInt16) -> Bool { (1...12).contains(type) }
}
