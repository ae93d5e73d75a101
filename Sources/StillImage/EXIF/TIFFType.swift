/// TIFF field types and their element sizes: TIFF 6.0, type 13 (IFD) and BigTIFF's 16 to 18
/// (LONG8, SLONG8, IFD8), which Apple MakerNotes use since iOS 17.
enum TIFFType {
    static let byte: UInt16 = 1
    static let ascii: UInt16 = 2
    static let short: UInt16 = 3
    static let long: UInt16 = 4
    static let undefined: UInt16 = 7
    static let slong: UInt16 = 9
    static let ifd: UInt16 = 13

    /// Bytes per element, or nil for a type nobody has defined: such an entry's value cannot be
    /// located (its 4-byte field may hold the value or an offset), so it is carried as it is.
    static func elementSize(_ type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: return 1
        case 3, 8: return 2
        case 4, 9, 11, 13: return 4
        case 5, 10, 12, 16, 17, 18: return 8
        default: return nil
        }
    }
}
