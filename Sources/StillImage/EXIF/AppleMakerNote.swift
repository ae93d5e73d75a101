import BinaryIO

/// Apple's MakerNote ("Apple iOS\0", version, byte order, then an IFD whose out-of-line value
/// offsets count from the MakerNote's own start), decoded by our own code. Values are kept
/// exactly as stored. Pairing edits an existing note's bytes (`AppleMakerNoteEdit`); a fresh
/// layout (`serialized`) is for notes made here (`minimal`).
public struct AppleMakerNote: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var tag: UInt16
        public var type: UInt16
        public var count: UInt32
        /// The value bytes (inline or from the data area), exactly as stored, in the note's byte
        /// order; with `valueIsField`, the entry's 4-byte field as stored.
        public var value: [UInt8]
        /// The value cannot be located (the type has no known size, or the value would lie
        /// outside the note): `value` is the field, which may hold the value or an offset
        /// (carried, never interpreted).
        public var valueIsField: Bool

        public init(tag: UInt16, type: UInt16, count: UInt32, value: [UInt8], valueIsField: Bool = false) {
            self.tag = tag
            self.type = type
            self.count = count
            self.value = value
            self.valueIsField = valueIsField
        }
    }

    /// The two bytes after the signature, read and written big-endian (0x0001 seen).
    public var version: UInt16
    /// "MM" (true) or "II".
    public var bigEndian: Bool
    public var entries: [Entry]

    public static let signature: [UInt8] = Array("Apple iOS".utf8) + [0]
    /// Signature (10) + version (2) + byte order (2).
    static let headerLength = 14
    public static let contentIdentifierTag: UInt16 = 0x0011

    public init(version: UInt16 = 1, bigEndian: Bool = true, entries: [Entry] = []) {
        self.version = version
        self.bigEndian = bigEndian
        self.entries = entries
    }

    public static func isApple<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.starts(with: signature)
    }

    /// Decodes a MakerNote. Every count and offset is checked against `bytes` before use; an
    /// entry whose value cannot be located (a type of no known size, a value outside the note
    /// other than tag 0x11's) is kept with its 4-byte field (`valueIsField`).
    /// - Parameters:
    ///   - baseOffset: absolute file offset of `bytes[0]`, for error messages.
    ///   - path: where the note sits, for error messages (a JPEG's or a HEIF Exif item's).
    public static func parse(_ bytes: [UInt8], baseOffset: UInt64 = 0, path: String = "APP1/Exif/MakerNote") throws -> AppleMakerNote {
        let layout = try AppleMakerNoteLayout.read(bytes, baseOffset: baseOffset, path: path)
        let entries = layout.entries.map { e in
            if let range = e.value { return Entry(tag: e.tag, type: e.type, count: e.count, value: Array(bytes[range])) }
            return Entry(tag: e.tag, type: e.type, count: e.count, value: e.field, valueIsField: true)
        }
        return AppleMakerNote(version: layout.version, bigEndian: layout.bigEndian, entries: entries)
    }

    /// Lays the note out afresh: header, entry count, entries sorted by tag (stable, so
    /// duplicate tags keep their order), a zero next-IFD offset, then the data area with each
    /// value longer than 4 bytes on an even offset. Offsets count from the MakerNote start.
    /// A `valueIsField` entry's field is written as it was, so such an entry keeps its meaning
    /// only when it held its value inline: edit a note read from a file with `AppleMakerNoteEdit`.
    public func serialized() -> [UInt8] {
        precondition(entries.count <= 0xFFFF, "an IFD holds at most 65535 entries")
        let sorted = entries.enumerated().sorted { ($0.element.tag, $0.offset) < ($1.element.tag, $1.offset) }.map(\.element)
        var out = EndianWriter(bigEndian: bigEndian)
        out.bytes += AppleMakerNote.signature
        out.bytes += [UInt8(version >> 8), UInt8(version & 0xFF)]
        out.bytes += bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        out.u16(UInt16(sorted.count))
        var data: [UInt8] = []
        let dataStart = AppleMakerNote.headerLength + 2 + 12 * sorted.count + 4
        for entry in sorted {
            out.u16(entry.tag)
            out.u16(entry.type)
            out.u32(entry.count)
            if entry.valueIsField || entry.value.count <= 4 {
                out.bytes += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                out.u32(UInt32(dataStart + data.count))
                data += entry.value
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        out.u32(0)
        return out.bytes + data
    }

    /// Tag 0x11 (ImageIO "17"; exiftool MediaGroupUUID / ContentIdentifier), up to its first NUL.
    public var contentIdentifier: String? {
        guard let entry = entries.first(where: { $0.tag == AppleMakerNote.contentIdentifierTag }),
              !entry.valueIsField, TIFFType.elementSize(entry.type) == 1 else { return nil }
        return String(validating: entry.value.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// Sets tag 0x11 to `id` as NUL-terminated ASCII (type 2). Replaces the existing entry in
    /// place (dropping any duplicate 0x11) or adds one; every other entry is left as it is.
    public mutating func setContentIdentifier(_ id: String) {
        let value = Array(id.utf8) + [0]
        let entry = Entry(tag: AppleMakerNote.contentIdentifierTag, type: TIFFType.ascii, count: UInt32(value.count), value: value)
        if let i = entries.firstIndex(where: { $0.tag == AppleMakerNote.contentIdentifierTag }) {
            entries[i] = entry
            var keptFirst = false
            entries.removeAll { e in
                guard e.tag == AppleMakerNote.contentIdentifierTag else { return false }
                defer { keptFirst = true }
                return keptFirst
            }
        } else {
            entries.append(entry)
        }
    }

    /// A note holding only the content identifier: "Apple iOS\0", version 1, "MM", tag 0x11.
    /// Apple's own notes also carry 0x01 (MakerNoteVersion) and camera state; we do not
    /// invent values for those, and readers (Photos, ImageIO, exiftool) need only tag 0x11.
    public static func minimal(contentIdentifier: String) -> AppleMakerNote {
        var note = AppleMakerNote(version: 1, bigEndian: true, entries: [])
        note.setContentIdentifier(contentIdentifier)
        return note
    }
}

/// Appends 16/32-bit fields in either byte order (ByteWriter is big-endian only).
struct EndianWriter {
    let bigEndian: Bool
    var bytes: [UInt8] = []

    mutating func u16(_ v: UInt16) {
        bytes += bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    mutating func u32(_ v: UInt32) {
        let be = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        bytes += bigEndian ? be : be.reversed()
    }
}
