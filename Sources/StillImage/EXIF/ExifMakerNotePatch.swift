import BinaryIO

/// Puts a MakerNote into TIFF-structured EXIF by patching the block, never re-laying it out:
/// every byte that was there stays where it was (bytes after the last IFD included) unless
/// named in `changed`, and whatever is new is appended at the end, word-aligned.
/// - a MakerNote entry whose value is as long as the new note: the value is overwritten;
/// - a MakerNote of another length: the new note is appended and the entry's count and offset
///   point at it. The old note's bytes are zeroed (an old Apple note would keep the old
///   identifier readable to anyone who scans; a foreign note is one the user agreed to drop),
///   except bytes that an IFD or another entry's value also uses;
/// - no MakerNote but an Exif IFD: a copy of the Exif IFD with the MakerNote entry added (in
///   tag order) is appended, and IFD0's Exif pointer points at the copy;
/// - no Exif IFD: a copy of IFD0 with an Exif pointer and a new Exif IFD (`exifIFDFields` and
///   the MakerNote) are appended, and the TIFF header points at the copy of IFD0.
/// The IFDs left behind by a copy are not cut: nothing points at them any more, and cutting
/// would move what follows.
struct ExifMakerNotePatch {
    /// The new TIFF bytes: the original ones (patched in `changed`), then what was appended.
    let tiff: [UInt8]
    /// Ranges of the original bytes that differ in `tiff`.
    let changed: [Range<Int>]
    /// Where the new MakerNote lies in `tiff`.
    let makerNoteRange: Range<Int>

    /// One entry of an IFD written at the end: its field as stored, or a value to place
    /// (inline when it fits 4 bytes, else after the IFD).
    struct NewEntry {
        enum Content { case field([UInt8]), value([UInt8]) }
        let tag: UInt16
        let type: UInt16
        let count: UInt32
        let content: Content
    }

    static func apply(note: [UInt8], to original: ExifTIFF, exifIFDFields: [RequiredExifTags.Field]) throws -> ExifMakerNotePatch {
        if let entry = original.makerNoteEntry {
            guard case .bytes(let old) = entry.value else {
                throw ParseError(.invalidValue, "the MakerNote entry's value cannot be located", path: original.path + "/MakerNote",
                                 offset: original.baseOffset + UInt64(entry.entryOffset))
            }
            if old.count == note.count {
                var tiff = original.tiff
                tiff.replaceSubrange(old, with: note)
                return ExifMakerNotePatch(tiff: tiff, changed: [old], makerNoteRange: old)
            }
            return try replacing(entry, value: old, with: note, in: original)
        }
        if let exif = original.directories[.exif], let range = original.directoryRanges[.exif] {
            return try copyingExifIFD(exif, at: range, adding: note, in: original)
        }
        return try creatingExifIFD(fields: exifIFDFields, note: note, in: original)
    }

    private static func replacing(_ entry: ExifTIFF.Entry, value old: Range<Int>, with note: [UInt8], in original: ExifTIFF) throws -> ExifMakerNotePatch {
        var block = BlockWriter(original.tiff, bigEndian: !original.littleEndian)
        block.zero(old, keeping: protectedRanges(original, except: entry))
        block.align()
        let at = block.bytes.count
        block.bytes += note
        let type = TIFFType.elementSize(entry.type) == 1 ? entry.type : TIFFType.undefined
        let fields = try block.encode16(ExifTIFF.makerNoteTag) + block.encode16(type) + block.encode32(note.count) + block.encode32(at)
        let entryRange = entry.entryOffset ..< entry.entryOffset + 12
        block.bytes.replaceSubrange(entryRange, with: fields)
        return ExifMakerNotePatch(tiff: block.bytes, changed: [old, entryRange], makerNoteRange: at ..< at + note.count)
    }

    /// What must survive zeroing an old note: every IFD, every other entry's value, the thumbnail.
    private static func protectedRanges(_ tiff: ExifTIFF, except makerNote: ExifTIFF.Entry) -> [Range<Int>] {
        var ranges = Array(tiff.directoryRanges.values)
        for entries in tiff.directories.values {
            for e in entries where e.entryOffset != makerNote.entryOffset {
                if case .bytes(let r) = e.value { ranges.append(r) }
            }
        }
        if let thumbnail = tiff.thumbnail { ranges.append(thumbnail.indices) }
        return ranges
    }

    private static func copyingExifIFD(_ entries: [ExifTIFF.Entry], at range: Range<Int>, adding note: [UInt8], in original: ExifTIFF) throws -> ExifMakerNotePatch {
        guard let pointer = original.entry(ExifTIFF.exifIFDPointer, in: .ifd0) else {
            throw ParseError(.invalidValue, "an Exif IFD without a pointer to it", path: original.path + "/IFD0")
        }
        let makerNote = NewEntry(tag: ExifTIFF.makerNoteTag, type: TIFFType.undefined, count: UInt32(note.count), content: .value(note))
        let copy = try appendingExifIFDCopy(entries, at: range, pointer: pointer, adding: makerNote, in: original)
        let at = try noteOffset(copy.written)
        return ExifMakerNotePatch(tiff: copy.block.bytes, changed: [copy.pointerField], makerNoteRange: at ..< at + note.count)
    }

    /// The original block with a copy of the Exif IFD (`entries`, at `range`) appended, `added`
    /// in it in tag order (in place of an entry of its tag), and IFD0's Exif pointer (`pointer`)
    /// pointing at the copy, whose next-IFD field is the original's. Shared by the MakerNote and
    /// the OPPO UserComment.
    static func appendingExifIFDCopy(_ entries: [ExifTIFF.Entry], at range: Range<Int>, pointer: ExifTIFF.Entry, adding added: NewEntry,
                                     in original: ExifTIFF) throws -> (block: BlockWriter, written: BlockWriter.WrittenIFD, pointerField: Range<Int>) {
        var block = BlockWriter(original.tiff, bigEndian: !original.littleEndian)
        let copied = entries.filter { $0.tag != added.tag }.map { NewEntry(tag: $0.tag, type: $0.type, count: $0.count, content: .field(Array(original.field($0)))) }
        let written = try block.appendIFD(inserting([added], into: copied), next: nextField(original, range, entries.count))
        let pointerField = pointer.entryOffset + 8 ..< pointer.entryOffset + 12
        block.bytes.replaceSubrange(pointerField, with: try block.encode32(written.offset))
        return (block, written, pointerField)
    }

    private static func creatingExifIFD(fields: [RequiredExifTags.Field], note: [UInt8], in original: ExifTIFF) throws -> ExifMakerNotePatch {
        guard let ifd0 = original.directories[.ifd0], let range = original.directoryRanges[.ifd0] else {
            throw ParseError(.invalidValue, "no IFD0", path: original.path)
        }
        var block = BlockWriter(original.tiff, bigEndian: !original.littleEndian)
        block.align()
        // The copy of IFD0 (no out-of-line values: every entry keeps its field) comes first,
        // so the Exif IFD's offset is known before IFD0 is written.
        let ifd0Offset = block.bytes.count
        let exifOffset = ifd0Offset + 2 + 12 * (ifd0.count + 1) + 4
        let copied = ifd0.map { NewEntry(tag: $0.tag, type: $0.type, count: $0.count, content: .field(Array(original.field($0)))) }
        let pointer = NewEntry(tag: ExifTIFF.exifIFDPointer, type: TIFFType.long, count: 1, content: .field(try block.encode32(exifOffset)))
        let writtenIFD0 = try block.appendIFD(inserting([pointer], into: copied), next: nextField(original, range, ifd0.count))
        let exifEntries = fields.map { NewEntry(tag: $0.tag, type: $0.type, count: $0.count, content: .value($0.value)) }
            + [NewEntry(tag: ExifTIFF.makerNoteTag, type: TIFFType.undefined, count: UInt32(note.count), content: .value(note))]
        let writtenExif = try block.appendIFD(inserting(exifEntries, into: []), next: [0, 0, 0, 0])
        guard writtenIFD0.offset == ifd0Offset, writtenExif.offset == exifOffset else {
            throw ParseError(.io, "the new IFDs did not land where planned", path: original.path)
        }
        block.bytes.replaceSubrange(4..<8, with: try block.encode32(ifd0Offset))
        let at = try noteOffset(writtenExif)
        return ExifMakerNotePatch(tiff: block.bytes, changed: [4..<8], makerNoteRange: at ..< at + note.count)
    }

    /// `entries` in their order, each of `added` inserted before the first entry with a greater tag.
    static func inserting(_ added: [NewEntry], into entries: [NewEntry]) -> [NewEntry] {
        var result = entries
        for entry in added {
            result.insert(entry, at: result.firstIndex { $0.tag > entry.tag } ?? result.count)
        }
        return result
    }

    /// The IFD's next-IFD field as stored (0 when the block ends before it).
    private static func nextField(_ tiff: ExifTIFF, _ range: Range<Int>, _ count: Int) -> [UInt8] {
        let at = range.lowerBound + 2 + 12 * count
        return range.upperBound >= at + 4 ? Array(tiff.tiff[at ..< at + 4]) : [0, 0, 0, 0]
    }

    private static func noteOffset(_ written: BlockWriter.WrittenIFD) throws -> Int {
        guard let at = written.valueOffsets[ExifTIFF.makerNoteTag] else { throw ParseError(.io, "the MakerNote was not placed") }
        return at
    }
}

/// The TIFF block being patched, in its byte order: what is appended goes after the original bytes.
struct BlockWriter {
    struct WrittenIFD { let offset: Int; let valueOffsets: [UInt16: Int] }

    var bytes: [UInt8]
    let bigEndian: Bool

    init(_ bytes: [UInt8], bigEndian: Bool) { self.bytes = bytes; self.bigEndian = bigEndian }

    mutating func align() { if bytes.count & 1 == 1 { bytes.append(0) } }

    func encode16(_ v: UInt16) -> [UInt8] { var w = EndianWriter(bigEndian: bigEndian); w.u16(v); return w.bytes }

    /// A TIFF offset or count: 32 bits, so a block past 4 GB is refused rather than wrapped.
    func encode32(_ v: Int) throws -> [UInt8] {
        guard let value = UInt32(exactly: v) else { throw ParseError(.unsupported, "the EXIF data would exceed 4 GB", path: "Exif") }
        var w = EndianWriter(bigEndian: bigEndian)
        w.u32(value)
        return w.bytes
    }

    /// Zeroes `range`, then restores the bytes of it that lie in `keeping`.
    mutating func zero(_ range: Range<Int>, keeping: [Range<Int>]) {
        let original = bytes
        bytes.replaceSubrange(range, with: repeatElement(0, count: range.count))
        for r in keeping where r.overlaps(range) {
            let both = r.clamped(to: range)
            bytes.replaceSubrange(both, with: original[both])
        }
    }

    /// Appends an IFD (word-aligned) with its out-of-line values after it, each word-aligned.
    mutating func appendIFD(_ entries: [ExifMakerNotePatch.NewEntry], next: [UInt8]) throws -> WrittenIFD {
        guard entries.count <= 0xFFFF else { throw ParseError(.unsupported, "an IFD would hold more than 65535 entries", path: "Exif") }
        align()
        let offset = bytes.count
        var valueAt = offset + 2 + 12 * entries.count + 4
        var ifd = encode16(UInt16(entries.count))
        var values: [UInt8] = []
        var valueOffsets: [UInt16: Int] = [:]
        for e in entries {
            ifd += encode16(e.tag) + encode16(e.type) + (try encode32(Int(e.count)))
            switch e.content {
            case .field(let field): ifd += field
            case .value(let v) where v.count <= 4: ifd += v + [UInt8](repeating: 0, count: 4 - v.count)
            case .value(let v):
                ifd += try encode32(valueAt)
                valueOffsets[e.tag] = valueAt
                values += v
                if v.count & 1 == 1 { values.append(0) }
                valueAt = offset + 2 + 12 * entries.count + 4 + values.count
            }
        }
        bytes += ifd + next + values
        return WrittenIFD(offset: offset, valueOffsets: valueOffsets)
    }
}
