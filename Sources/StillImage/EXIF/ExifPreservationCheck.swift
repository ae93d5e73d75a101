import BinaryIO

/// Compares the TIFF structure libexif saved with the one it loaded, so a silent change by
/// libexif (a dropped unknown tag, an added FlashPixVersion, a lost thumbnail, a re-serialized
/// MakerNote) stops the write instead of reaching the file.
enum ExifPreservationCheck {
    /// Tag, type, count and value bytes of one entry, as stored.
    struct Field: Equatable { let type: UInt16; let count: UInt32; let value: ArraySlice<UInt8> }

    /// Throws unless `saved` holds exactly `original`'s entries (values byte for byte, in the
    /// same byte order) and thumbnail, with `makerNote` as the MakerNote, plus exactly the
    /// `addedToExifIFD` fields (the required tags of an Exif IFD pairing created). Offsets (IFD
    /// pointers, thumbnail offset) may differ; that is the point of re-laying out.
    static func verify(original: ExifTIFF, saved: ExifTIFF, makerNote: [UInt8], addedToExifIFD: [RequiredExifTags.Field] = []) throws {
        let path = original.path
        guard saved.littleEndian == original.littleEndian else {
            throw ParseError(.invalidValue, "libexif changed the EXIF byte order", path: path)
        }
        guard let written = try saved.makerNote(), written.bytes == makerNote else {
            throw ParseError(.invalidValue, "libexif did not save the MakerNote as given", path: path + "/MakerNote")
        }
        for dir in ExifTIFF.Directory.allCases {
            var before = try fields(original, dir)
            if dir == .exif {
                for f in addedToExifIFD { before[f.tag] = Field(type: f.type, count: f.count, value: f.value[...]) }
            }
            let after = try fields(saved, dir)
            for (tag, field) in before.sorted(by: { $0.key < $1.key }) where after[tag] != field {
                let what = after[tag] == nil ? "drop" : "change"
                throw ParseError(.unsupported, "libexif would \(what) tag 0x\(hex(tag)) of \(dir.rawValue); nothing was written", path: path + "/" + dir.rawValue)
            }
            if let extra = after.keys.sorted().first(where: { before[$0] == nil }) {
                throw ParseError(.unsupported, "libexif would add tag 0x\(hex(extra)) to \(dir.rawValue); nothing was written", path: path + "/" + dir.rawValue)
            }
        }
        if let thumbnail = original.thumbnail, saved.thumbnail != thumbnail {
            throw ParseError(.unsupported, "libexif would drop or change the EXIF thumbnail; nothing was written", path: path + "/IFD1")
        }
    }

    /// The entries of `dir` that must survive a rewrite, by tag (first occurrence).
    /// Left out: IFD pointers and the thumbnail offset (they move), the MakerNote (checked on
    /// its own), the thumbnail length when the thumbnail is unreadable (libexif drops both
    /// tags then, losing nothing usable), empty entries and values already outside the data
    /// (libexif skips them on load; they hold nothing). An entry whose type libexif cannot
    /// size would be dropped, so it stops the write.
    static func fields(_ tiff: ExifTIFF, _ dir: ExifTIFF.Directory) throws -> [UInt16: Field] {
        var result: [UInt16: Field] = [:]
        for entry in tiff.directories[dir] ?? [] {
            if isStructural(entry.tag, dir, thumbnailReadable: tiff.thumbnail != nil) || entry.count == 0 { continue }
            if entry.tag == 0 && entry.type == 0 { continue } // an empty entry (Photoshop writes these)
            guard TIFFType.isKnownToLibexif(entry.type) else {
                throw ParseError(.unsupported, "tag 0x\(hex(entry.tag)) of \(dir.rawValue) has TIFF type \(entry.type), which libexif would drop; nothing was written",
                                 path: tiff.path + "/" + dir.rawValue, offset: tiff.baseOffset + UInt64(entry.entryOffset))
            }
            guard let value = tiff.valueBytes(entry) else { continue }
            if result[entry.tag] == nil { result[entry.tag] = Field(type: entry.type, count: entry.count, value: value) }
        }
        return result
    }

    static func isStructural(_ tag: UInt16, _ dir: ExifTIFF.Directory, thumbnailReadable: Bool) -> Bool {
        switch dir {
        case .ifd0: return tag == ExifTIFF.exifIFDPointer || tag == ExifTIFF.gpsIFDPointer
        case .exif: return tag == ExifTIFF.interopIFDPointer || tag == ExifTIFF.makerNoteTag
        case .ifd1: return tag == ExifTIFF.thumbnailOffsetTag || (tag == ExifTIFF.thumbnailLengthTag && !thumbnailReadable)
        case .gps, .interop: return false
        }
    }
}
