import BinaryIO

/// Checks a patched EXIF block with our own reader before anything is written, so a mistake in
/// the patch stops the write instead of reaching the file: the original bytes are all there
/// except the ranges the patch names, the block reads back with the same byte order, every
/// entry of every readable IFD is there with the same type, count, field and value, the
/// MakerNote is the one given, and nothing else was added (but `addedToExifIFD` in an Exif IFD
/// the patch created).
enum ExifPreservationCheck {
    /// Returns the written block as read back.
    @discardableResult
    static func verify(original: ExifTIFF, patch: ExifMakerNotePatch, makerNote: [UInt8], addedToExifIFD: [RequiredExifTags.Field] = []) throws -> ExifTIFF {
        let path = original.path
        guard patch.tiff.count >= original.tiff.count else {
            throw ParseError(.io, "the new EXIF is shorter than the old; nothing was written", path: path)
        }
        var probe = Array(patch.tiff[0..<original.tiff.count])
        for range in patch.changed { probe.replaceSubrange(range, with: original.tiff[range]) }
        if let first = zip(probe, original.tiff).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            throw ParseError(.io, "the new EXIF changes byte \(first), outside what pairing edits; nothing was written", path: path, offset: original.baseOffset + UInt64(first))
        }
        let written = try ExifTIFF(tiff: patch.tiff, tiffOffset: original.baseOffset, path: path + " (as written)")
        guard written.littleEndian == original.littleEndian else {
            throw ParseError(.io, "the new EXIF has another byte order; nothing was written", path: path)
        }
        guard let note = try written.makerNote(), note.bytes == makerNote else {
            throw ParseError(.io, "the new EXIF does not hold the new MakerNote; nothing was written", path: path + "/MakerNote")
        }
        for dir in ExifTIFF.Directory.allCases where original.damaged[dir] == nil {
            try compare(dir, original, written, added: dir == .exif ? addedToExifIFD : [])
        }
        if let dir = written.damaged.keys.first(where: { original.damaged[$0] == nil }) {
            throw ParseError(.io, "the new EXIF's \(dir.rawValue) does not read; nothing was written", path: path + "/" + dir.rawValue)
        }
        return written
    }

    /// The entries of `dir` before and after, in order, leaving out the ones the patch sets
    /// (IFD0's Exif pointer, the Exif IFD's MakerNote).
    private static func compare(_ dir: ExifTIFF.Directory, _ original: ExifTIFF, _ written: ExifTIFF, added: [RequiredExifTags.Field]) throws {
        let setByPatch: UInt16? = dir == .ifd0 ? ExifTIFF.exifIFDPointer : dir == .exif ? ExifTIFF.makerNoteTag : nil
        let before = (original.directories[dir] ?? []).filter { $0.tag != setByPatch }
        let after = (written.directories[dir] ?? []).filter { $0.tag != setByPatch }
        let path = original.path + "/" + dir.rawValue
        guard (original.directories[dir] != nil || !added.isEmpty) == (written.directories[dir] != nil) else {
            throw ParseError(.io, "the new EXIF \(written.directories[dir] == nil ? "lacks" : "adds") the \(dir.rawValue); nothing was written", path: path)
        }
        guard after.count == before.count + added.count else {
            throw ParseError(.io, "the \(dir.rawValue) would hold \(after.count) entries instead of \(before.count + added.count); nothing was written", path: path)
        }
        for (old, new) in zip(before, after) where !same(old, in: original, new, in: written) {
            throw ParseError(.io, "tag 0x\(hex(old.tag)) of the \(dir.rawValue) would change; nothing was written", path: path,
                             offset: original.baseOffset + UInt64(old.entryOffset))
        }
        for (field, new) in zip(added, after.suffix(added.count)) where !(field.tag == new.tag && field.type == new.type && field.count == new.count
                                                                         && written.valueBytes(new).map(Array.init) == field.value) {
            throw ParseError(.io, "tag 0x\(hex(field.tag)) of the new \(dir.rawValue) was not written as planned; nothing was written", path: path)
        }
    }

    /// Same tag, type, count and 4-byte field, and, when the value could be read before, the
    /// same value bytes. (A value that lay past the end of the block may read now that the
    /// block is longer; its field is what is kept.)
    static func same(_ a: ExifTIFF.Entry, in original: ExifTIFF, _ b: ExifTIFF.Entry, in written: ExifTIFF) -> Bool {
        guard a.tag == b.tag, a.type == b.type, a.count == b.count, original.field(a) == written.field(b) else { return false }
        guard let value = original.valueBytes(a) else { return true }
        return written.valueBytes(b).map { $0.elementsEqual(value) } ?? false
    }
}
