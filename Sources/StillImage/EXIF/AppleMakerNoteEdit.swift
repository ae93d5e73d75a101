import BinaryIO

/// Sets tag 0x11 (the content identifier) in an existing Apple MakerNote by editing its bytes,
/// so everything else in the note stays as the camera wrote it:
/// - one tag 0x11 of type ASCII whose value is as long as the new one (37 bytes with the NUL
///   for a UUID, the usual case): only those value bytes change;
/// - otherwise (no tag 0x11, another length or type, duplicates): the directory is written
///   again with one tag 0x11 (in tag order), and the data area after it is kept as one blob,
///   byte for byte, shifted by how much the directory grew; every out-of-line offset into it is
///   shifted with it. The new value goes at the end (word-aligned). An old out-of-line tag 0x11
///   value is zeroed in the blob, so no old identifier lingers readable.
enum AppleMakerNoteEdit {
    static func settingIdentifier(_ note: [UInt8], to identifier: String, baseOffset: UInt64, path: String) throws -> [UInt8] {
        let layout = try AppleMakerNoteLayout.read(note, baseOffset: baseOffset, path: path)
        let value = Array(identifier.utf8) + [0]
        let old = layout.entries.filter { $0.tag == AppleMakerNote.contentIdentifierTag }
        let edited: [UInt8]
        if old.count == 1, let only = old.first, only.type == TIFFType.ascii, let range = only.value, range.count == value.count {
            var patched = note
            patched.replaceSubrange(range, with: value)
            edited = patched
        } else {
            edited = try relaidOut(note, layout, value: value, path: path, baseOffset: baseOffset)
        }
        try verify(edited, against: note, identifier: identifier, path: path)
        return edited
    }

    /// Reads the edited note back: tag 0x11 holds the identifier, and every other entry is there
    /// in order with its type, count and value (a carried field may have moved). A tag 0x11
    /// value overlapping another entry's is caught here.
    private static func verify(_ edited: [UInt8], against note: [UInt8], identifier: String, path: String) throws {
        let before = try AppleMakerNote.parse(note, path: path).entries.filter { $0.tag != AppleMakerNote.contentIdentifierTag }
        let written = try AppleMakerNote.parse(edited, path: path + " (as edited)")
        let after = written.entries.filter { $0.tag != AppleMakerNote.contentIdentifierTag }
        let kept = before.count == after.count && zip(before, after).allSatisfy { a, b in
            a.tag == b.tag && a.type == b.type && a.count == b.count && a.valueIsField == b.valueIsField && (a.valueIsField || a.value == b.value)
        }
        guard kept, written.contentIdentifier == identifier else {
            throw ParseError(.io, "the edited Apple MakerNote does not read back as planned; nothing was written", path: path)
        }
    }

    private static func relaidOut(_ note: [UInt8], _ layout: AppleMakerNoteLayout, value: [UInt8], path: String, baseOffset: UInt64) throws -> [UInt8] {
        var kept = layout.entries.filter { $0.tag != AppleMakerNote.contentIdentifierTag }
        // Offsets stay 32-bit (a note this large cannot come from a file we read, but never trap).
        guard kept.count < 0xFFFF, note.count < Int(UInt32.max) - 0x10_0000 else {
            throw ParseError(.unsupported, "the Apple MakerNote has no room for another entry", path: path, offset: baseOffset)
        }
        let oldEnd = layout.directoryEnd
        let newEnd = AppleMakerNoteLayout.entriesOffset + 12 * (kept.count + 1) + 4
        let shift = newEnd - oldEnd   // even: entries are 12 bytes and the next-IFD field 4
        var dataArea = Array(note[oldEnd...])
        zeroOldIdentifiers(&dataArea, from: oldEnd, layout: layout)

        var out = EndianWriter(bigEndian: layout.bigEndian)
        out.bytes = Array(note[0..<AppleMakerNoteLayout.countOffset])
        out.u16(UInt16(kept.count + 1))
        let insertAt = kept.firstIndex { $0.tag > AppleMakerNote.contentIdentifierTag } ?? kept.count
        var valueOffset = newEnd + dataArea.count
        valueOffset += valueOffset & 1
        let identifierField: [UInt8] = value.count <= 4 ? value + [UInt8](repeating: 0, count: 4 - value.count) : encode(UInt32(valueOffset), layout.bigEndian)
        kept.insert(AppleMakerNoteLayout.Entry(tag: AppleMakerNote.contentIdentifierTag, type: TIFFType.ascii, count: UInt32(value.count),
                                               entryOffset: 0, field: identifierField, value: nil), at: insertAt)
        for (i, entry) in kept.enumerated() {
            out.u16(entry.tag); out.u16(entry.type); out.u32(entry.count)
            out.bytes += i == insertAt ? entry.field : try shiftedField(entry, by: shift, oldEnd: oldEnd, noteLength: note.count, layout.bigEndian,
                                                                          at: (path, baseOffset))
        }
        out.bytes += layout.directoryEnd >= AppleMakerNoteLayout.entriesOffset + 12 * layout.entries.count + 4
            ? Array(note[oldEnd - 4 ..< oldEnd]) : [0, 0, 0, 0]
        out.bytes += dataArea
        if value.count > 4 {
            if out.bytes.count & 1 == 1 { out.bytes.append(0) }
            out.bytes += value
        }
        return out.bytes
    }

    /// The field of an entry kept in the new directory. An inline value is copied. An
    /// out-of-line value moves with the data area (it must lie there: a value inside the header
    /// or directory, which are rewritten, is refused). An entry of a type with no known size:
    /// its field is shifted only if, read as an offset, it points into the old data area (it is
    /// most likely an offset then); otherwise it is copied as it is.
    private static func shiftedField(_ entry: AppleMakerNoteLayout.Entry, by shift: Int, oldEnd: Int, noteLength: Int, _ bigEndian: Bool,
                                     at place: (path: String, base: UInt64)) throws -> [UInt8] {
        let offset = Int(AppleMakerNoteLayout.decode(entry.field, bigEndian: bigEndian))
        if let value = entry.value {
            if value.lowerBound == entry.entryOffset + 8 && value.count <= 4 { return entry.field }
            guard value.lowerBound >= oldEnd else {
                throw ParseError(.invalidValue, "MakerNote tag 0x\(hex(entry.tag)) value lies inside the MakerNote's own directory",
                                 path: place.path + "/0x" + hex(entry.tag), offset: place.base + UInt64(entry.entryOffset) + 8)
            }
            return encode(UInt32(offset + shift), bigEndian)
        }
        return (oldEnd..<noteLength).contains(offset) ? encode(UInt32(offset + shift), bigEndian) : entry.field
    }

    /// Zeroes the old tag 0x11 values that lie in the data area (`data` starts at note offset
    /// `start`), except bytes another entry's value also uses.
    private static func zeroOldIdentifiers(_ data: inout [UInt8], from start: Int, layout: AppleMakerNoteLayout) {
        let original = data
        for entry in layout.entries where entry.tag == AppleMakerNote.contentIdentifierTag {
            guard let range = entry.value, range.lowerBound >= start else { continue }
            data.replaceSubrange(range.lowerBound - start ..< range.upperBound - start, with: repeatElement(0, count: range.count))
        }
        for entry in layout.entries where entry.tag != AppleMakerNote.contentIdentifierTag {
            guard let range = entry.value, range.lowerBound >= start else { continue }
            let local = range.lowerBound - start ..< range.upperBound - start
            data.replaceSubrange(local, with: original[local])
        }
    }

    static func encode(_ v: UInt32, _ bigEndian: Bool) -> [UInt8] {
        var w = EndianWriter(bigEndian: bigEndian)
        w.u32(v)
        return w.bytes
    }
}
