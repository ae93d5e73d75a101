import BinaryIO

/// Where the parts of an Apple MakerNote lie in its bytes: the header, each 12-byte entry, its
/// value and the data area after the directory. The one reader of the note's structure, for
/// decoding (`AppleMakerNote.parse`) and for editing the bytes in place (`AppleMakerNoteEdit`).
struct AppleMakerNoteLayout {
    struct Entry {
        let tag: UInt16
        let type: UInt16
        let count: UInt32
        /// Offset of the 12-byte entry within the note.
        let entryOffset: Int
        /// The 4-byte value-or-offset field, as stored.
        let field: [UInt8]
        /// Where the value lies within the note: inside `field` (4 bytes or fewer) or at an
        /// offset counted from the note's start. Nil when the type has no known size (nobody can
        /// tell whether `field` is the value or an offset) or when the value would lie outside
        /// the note (damage in an entry other than tag 0x11): the entry is carried as it is.
        let value: Range<Int>?
    }

    let version: UInt16
    let bigEndian: Bool
    let entries: [Entry]
    /// Where the directory ends: after the entries and the next-IFD offset (when the note
    /// holds one). Out-of-line values normally lie from here to the end: the data area.
    let directoryEnd: Int

    /// Signature (10), version (2), byte order (2), then the entry count.
    static let countOffset = 14
    static let entriesOffset = 16

    /// Indexes a note. Refused only when the header or directory is damaged, or tag 0x11's value
    /// lies outside the note (what pairing reads and changes).
    static func read(_ bytes: [UInt8], baseOffset: UInt64, path: String) throws -> AppleMakerNoteLayout {
        var r = ByteReader(bytes, baseOffset: baseOffset, path: path)
        guard try r.readBytes(AppleMakerNote.signature.count) == AppleMakerNote.signature else {
            throw ParseError(.invalidValue, "not an Apple MakerNote (no \"Apple iOS\\0\" signature)", path: path, offset: baseOffset)
        }
        let version = try r.readUInt16()
        let bigEndian: Bool
        switch try r.readBytes(2) {
        case [0x4D, 0x4D]: bigEndian = true
        case [0x49, 0x49]: bigEndian = false
        default: throw ParseError(.invalidValue, "Apple MakerNote byte order is neither MM nor II", path: path, offset: baseOffset + 12)
        }
        r.littleEndian = !bigEndian
        let entries = try TIFFRawEntry.readDirectory(&r, named: "MakerNote").map { e in
            let value = try locate(type: e.type, count: e.count, field: e.field, entryOffset: e.entryOffset, in: bytes,
                                   at: (e.tag, path + "/0x" + hex(e.tag), baseOffset))
            return Entry(tag: e.tag, type: e.type, count: e.count, entryOffset: e.entryOffset,
                         field: Array(bytes[e.entryOffset + 8 ..< e.entryOffset + 12]), value: value)
        }
        // The next-IFD offset (4 bytes, 0) follows; a note that ends before it lacks it.
        let directoryEnd = min(r.position + 4, bytes.count)
        return AppleMakerNoteLayout(version: version, bigEndian: bigEndian, entries: entries, directoryEnd: directoryEnd)
    }

    private static func locate(type: UInt16, count: UInt32, field: UInt32, entryOffset: Int, in bytes: [UInt8],
                               at place: (tag: UInt16, path: String, base: UInt64)) throws -> Range<Int>? {
        guard let size = TIFFType.elementSize(type) else { return nil }
        let total = UInt64(size) * UInt64(count)
        if total <= 4 { return entryOffset + 8 ..< entryOffset + 8 + Int(total) }
        let offset = UInt64(field)
        guard offset + total <= UInt64(bytes.count) else {
            // Damage in an entry pairing does not need is carried; tag 0x11 is what it reads and writes.
            guard place.tag == AppleMakerNote.contentIdentifierTag else { return nil }
            throw ParseError(.invalidValue, "MakerNote tag 0x\(hex(place.tag)) value (\(total) bytes at offset \(offset)) lies outside the \(bytes.count)-byte MakerNote",
                             path: place.path, offset: place.base + UInt64(entryOffset) + 8)
        }
        return Int(offset) ..< Int(offset + total)
    }

    /// A 4-byte field as an unsigned integer in the note's byte order.
    static func decode(_ field: [UInt8], bigEndian: Bool) -> UInt32 {
        let be = UInt32(field[0]) << 24 | UInt32(field[1]) << 16 | UInt32(field[2]) << 8 | UInt32(field[3])
        return bigEndian ? be : be.byteSwapped
    }
}
