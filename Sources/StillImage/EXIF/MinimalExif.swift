import BinaryIO

/// The EXIF APP1 payload given to a JPEG that has none: TIFF header (MM), IFD0 with the tags
/// EXIF requires and the Exif IFD pointer, and an Exif IFD with its required tags and the
/// MakerNote. Values come from the JPEG (`RequiredExifTags.facts`).
enum MinimalExif {
    static func payload(makerNote: [UInt8], facts: RequiredExifTags.ImageFacts) -> [UInt8] {
        typealias Field = RequiredExifTags.Field
        let ifd0Fields = RequiredExifTags.ifd0(facts, bigEndian: true)
        let exifFields = RequiredExifTags.exifIFD(facts, bigEndian: true)
            + [Field(tag: ExifTIFF.makerNoteTag, type: TIFFType.undefined, count: UInt32(makerNote.count), value: makerNote)]
        let ifd0 = 8                                           // right after the 8-byte TIFF header
        let ifd0Size = layoutSize(entries: ifd0Fields.count + 1, fields: ifd0Fields)
        let exifIFD = ifd0 + ifd0Size
        let pointer = Field(tag: ExifTIFF.exifIFDPointer, type: TIFFType.long, count: 1, value: RequiredExifTags.Encoder(bigEndian: true).long(UInt32(exifIFD)))

        var w = ByteWriter(capacity: 6 + exifIFD + layoutSize(entries: exifFields.count, fields: exifFields))
        w.append(JPEGSegment.exifHeader)
        w.append([0x4D, 0x4D]); w.u16(42); w.u32(UInt32(ifd0))
        write(ifd0Fields + [pointer], at: ifd0, into: &w)
        write(exifFields, at: exifIFD, into: &w)
        return w.bytes
    }

    /// Bytes of an IFD with `entries` entries and the out-of-line values of `fields`.
    static func layoutSize(entries: Int, fields: [RequiredExifTags.Field]) -> Int {
        2 + 12 * entries + 4 + fields.filter { $0.value.count > 4 }.reduce(0) { $0 + padded($1.value.count) }
    }

    static func padded(_ n: Int) -> Int { n + (n & 1) }

    /// Writes one IFD (entries sorted by tag, next-IFD 0) at TIFF offset `offset`, its
    /// out-of-line values right after it, word-aligned.
    static func write(_ fields: [RequiredExifTags.Field], at offset: Int, into w: inout ByteWriter) {
        let sorted = fields.sorted { $0.tag < $1.tag }
        var data = offset + 2 + 12 * sorted.count + 4
        var values: [UInt8] = []
        w.u16(UInt16(sorted.count))
        for f in sorted {
            w.u16(f.tag); w.u16(f.type); w.u32(f.count)
            if f.value.count <= 4 {
                w.append(f.value + [UInt8](repeating: 0, count: 4 - f.value.count))
            } else {
                w.u32(UInt32(data))
                values += f.value
                if f.value.count & 1 == 1 { values.append(0) }
                data += padded(f.value.count)
            }
        }
        w.u32(0)
        w.append(values)
    }
}
