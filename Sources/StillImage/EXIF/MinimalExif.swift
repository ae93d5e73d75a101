import BinaryIO

/// The EXIF APP1 payload given to a JPEG that has none: TIFF header (MM), IFD0 holding only the
/// Exif IFD pointer, and an Exif IFD holding ExifVersion "0231" and the MakerNote.
enum MinimalExif {
    static func payload(makerNote: [UInt8]) -> [UInt8] {
        let ifd0 = 8                      // right after the 8-byte TIFF header
        let exifIFD = ifd0 + 2 + 12 + 4   // IFD0: count, one entry, next-IFD offset
        let data = exifIFD + 2 + 2 * 12 + 4
        var w = ByteWriter(capacity: 6 + data + makerNote.count)
        w.append(JPEGSegment.exifHeader)
        w.append([0x4D, 0x4D]); w.u16(42); w.u32(UInt32(ifd0))
        w.u16(1)
        w.u16(ExifTIFF.exifIFDPointer); w.u16(TIFFType.long); w.u32(1); w.u32(UInt32(exifIFD))
        w.u32(0)
        w.u16(2)
        w.u16(0x9000); w.u16(TIFFType.undefined); w.u32(4); w.append(Array("0231".utf8))
        w.u16(ExifTIFF.makerNoteTag); w.u16(TIFFType.undefined); w.u32(UInt32(makerNote.count)); w.u32(UInt32(data))
        w.u32(0)
        w.append(makerNote)
        return w.bytes
    }
}
