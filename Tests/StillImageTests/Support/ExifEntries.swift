@testable import StillImage

/// The entries of an IFD as a test compares them, read straight from the bytes: tag, type,
/// count, the 4-byte field and (when it can be located) the value.
enum ExifEntries {
    struct Item: Equatable, CustomStringConvertible {
        let tag: UInt16
        let type: UInt16
        let count: UInt32
        let field: [UInt8]
        let value: [UInt8]?
        var description: String { "0x\(String(tag, radix: 16)) type \(type) count \(count) field \(field) value \(value.map { "\($0.count) bytes" } ?? "-")" }
    }

    static func items(_ tiff: ExifTIFF, _ dir: ExifTIFF.Directory, leavingOut: Set<UInt16> = []) -> [Item] {
        (tiff.directories[dir] ?? []).filter { !leavingOut.contains($0.tag) }.map {
            Item(tag: $0.tag, type: $0.type, count: $0.count, field: Array(tiff.tiff[$0.entryOffset + 8 ..< $0.entryOffset + 12]),
                 value: tiff.valueBytes($0).map(Array.init))
        }
    }

    /// What pairing may set: IFD0's Exif pointer and the Exif IFD's MakerNote.
    static func leftOut(_ dir: ExifTIFF.Directory) -> Set<UInt16> {
        dir == .ifd0 ? [0x8769] : dir == .exif ? [0x927C] : []
    }
}
