import BinaryIO
import ISOBMFF
import StillImage

/// A HEIC still as pairing sees it: a HEIF file whose `Exif` item holds the same TIFF EXIF and
/// Apple MakerNote as a JPEG's APP1, read with the same code.
struct HEICStill {
    /// Exif items are a few KB; libexif cannot load more than 64 KB anyway.
    static let maximumExifItemSize = 1 << 20

    let file: HEIFFile

    init(path: String) throws { file = try HEIFFile.open(path: path) }
    init(source: FileSource) throws { file = try HEIFFile(source: source) }
    /// A file already parsed (by the caller, for its own reasons): not read again.
    init(file: HEIFFile) { self.file = file }

    /// An `Exif` item's payload split into its header (the 4-byte TIFF header offset and the
    /// bytes it skips, "Exif\0\0" on iPhones) and the TIFF data.
    struct ExifPayload {
        let itemID: UInt32
        let header: [UInt8]
        let tiff: [UInt8]
        /// Absolute file offset of `tiff[0]` when the item is one extent (for messages).
        let tiffOffset: UInt64
        var path: String { "meta/item[\(itemID)]/Exif" }
    }

    func exifPayload() throws -> ExifPayload? {
        guard let id = file.exifItemID else { return nil }
        let bytes = try file.itemBytes(id, maximum: HEICStill.maximumExifItemSize)
        let start = try HEICStill.tiffStart(in: bytes, itemID: id)
        let first = try file.locations.item(id).map { try file.dataRanges(of: $0) }?.first?.lowerBound ?? 0
        return ExifPayload(itemID: id, header: Array(bytes[..<start]), tiff: Array(bytes[start...]), tiffOffset: first + UInt64(start))
    }

    /// Where TIFF starts in an Exif item: after the 4-byte big-endian offset and the bytes it skips.
    static func tiffStart(in bytes: [UInt8], itemID: UInt32) throws -> Int {
        var r = ByteReader(bytes, path: "meta/item[\(itemID)]/Exif")
        let skip = try r.readUInt32()
        guard UInt64(skip) + 4 < UInt64(bytes.count) else {
            throw ParseError(.invalidValue, "Exif item TIFF header offset \(skip) lies outside its \(bytes.count) bytes", path: r.path)
        }
        return 4 + Int(skip)
    }

    func contentIdentifier() throws -> String? {
        guard let exif = try exifPayload() else { return nil }
        return try TIFFExif.contentIdentifier(tiff: exif.tiff, tiffOffset: exif.tiffOffset, path: exif.path)
    }

    /// Identifier, orientation and capture date from the Exif item with our own TIFF reader (no
    /// libexif, no size): what `scan` reads of every HEIC, from the bytes the identifier needs anyway.
    func headerFacts() throws -> StillHeaderFacts {
        guard let exif = try exifPayload() else { return StillHeaderFacts(contentIdentifier: nil, width: 0, height: 0, orientation: nil) }
        return try TIFFExif.headerFacts(tiff: exif.tiff, tiffOffset: exif.tiffOffset, path: exif.path)
    }

    func info(path: String) throws -> StillImageInfo {
        let size = try file.primaryDisplaySize()
        let coding = try imageCoding()
        let exif = try exifPayload().map { try TIFFExif.summary(tiff: $0.tiff, tiffOffset: $0.tiffOffset, path: $0.path) }
        return StillImageInfo(path: path, width: size?.width ?? 0, height: size?.height ?? 0, subsampling: coding.subsampling,
                              colorSpace: coding.colorSpace, exif: exif)
    }

    /// The primary image's coded item: itself, or for a grid its first tile.
    var codedItemID: UInt32 {
        let type = file.itemInfo.entry(file.primaryItemID)?.itemType
        if type == "grid" || type == "iden" || type == "iovl", let tile = file.references.targets(of: file.primaryItemID, type: "dimg").first { return tile }
        return file.primaryItemID
    }

    /// Chroma subsampling from the coded item's `hvcC` (chroma_format_idc, byte 16) and a colour
    /// space name; "unknown" for codecs we do not read (AV1).
    func imageCoding() throws -> (subsampling: String, colorSpace: String) {
        guard let hvcC = try file.property("hvcC", of: codedItemID, { atom, _ in atom.payload }), hvcC.count > 16 else {
            return ("unknown", "unknown")
        }
        switch hvcC[16] & 3 {
        case 0: return ("4:0:0", "Gray")
        case 1: return ("4:2:0", "YCbCr")
        case 2: return ("4:2:2", "YCbCr")
        default: return ("4:4:4", "YCbCr")
        }
    }
}
