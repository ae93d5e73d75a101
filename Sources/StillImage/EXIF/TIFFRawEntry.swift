import BinaryIO

/// One 12-byte IFD entry as stored: tag, type, count and the 4-byte value-or-offset field, read
/// in the directory's byte order. Read by the one loop that TIFF IFDs (`ExifTIFF`) and Apple's
/// MakerNote (`AppleMakerNoteLayout`) share.
struct TIFFRawEntry {
    let tag: UInt16
    let type: UInt16
    let count: UInt32
    let field: UInt32
    /// Where the entry starts in the reader's bytes.
    let entryOffset: Int

    /// The entry count (2 bytes) and the entries at the reader's position, all of them checked
    /// to lie within the data before any is read.
    static func readDirectory(_ r: inout ByteReader, named what: String) throws -> [TIFFRawEntry] {
        let count = Int(try r.readUInt16())
        try r.require(count * 12, "\(count) \(what) entries")
        var entries: [TIFFRawEntry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let entryOffset = r.position
            let tag = try r.readUInt16(), type = try r.readUInt16()
            let n = try r.readUInt32(), field = try r.readUInt32()
            entries.append(TIFFRawEntry(tag: tag, type: type, count: n, field: field, entryOffset: entryOffset))
        }
        return entries
    }
}
