import Testing
import BinaryIO
@testable import StillImage

/// The check every EXIF patch passes before anything is written: each way a patch could go
/// wrong (a byte changed outside its ranges, a shorter block, another byte order, another
/// MakerNote, an entry changed, added or lost, a required tag not as planned, a directory that
/// no longer reads) is refused with its own message, and a right patch passes.
@Suite("EXIF patch check: what a patch may not change is refused")
struct ExifPreservationCheckTests {
    static let id = "C0FFEE00-1234-4ABC-8DEF-0123456789AB"

    /// A rich EXIF (IFD0, Exif IFD with an Apple MakerNote, GPS, IFD1 and a thumbnail) in one
    /// byte order, 1,000 bytes from the start of its file.
    static func exif(littleEndian: Bool, gps: Bool = true) -> [UInt8] {
        var e = SyntheticEXIF()
        e.littleEndian = littleEndian
        let note = AppleMakerNote(version: 1, bigEndian: !littleEndian, entries: [.init(tag: 1, type: 9, count: 1, value: [0, 0, 0, 14])]).serialized()
        e.ifd0 = [e.ascii(0x010F, "Apple"), e.ascii(0x0110, "iPhone X"), e.short(0x0112, 6), e.rational(0x011A, 72, 1)]
        e.exif = [e.undefined(0x9000, Array("0220".utf8)), e.ascii(0x9003, "2024:05:06 07:08:09"), e.undefined(0x927C, note)]
        if gps { e.gps = [SyntheticEXIF.Entry(tag: 0, type: 1, count: 4, value: [2, 3, 0, 0]), e.ascii(1, "N")] }
        e.ifd1 = [e.short(0x0103, 6)]
        return Array(e.payload.dropFirst(ExifTIFF.exifHeaderLength))
    }

    static func original(littleEndian: Bool = true) throws -> ExifTIFF {
        try ExifTIFF(tiff: exif(littleEndian: littleEndian), tiffOffset: 1_000, path: "APP1/Exif")
    }

    /// The patch pairing makes: the note with the identifier (longer, so it moves to the end).
    static func patch(_ original: ExifTIFF) throws -> (patch: ExifMakerNotePatch, note: [UInt8]) {
        let old = try #require(try original.makerNote())
        let note = try AppleMakerNoteEdit.settingIdentifier(old.bytes, to: id, baseOffset: old.fileOffset, path: "MakerNote")
        return (try ExifMakerNotePatch.apply(note: note, to: original, exifIFDFields: []), note)
    }

    /// `patch` with its bytes changed by `edit`, and `extraChanged` named as changed too.
    static func tampered(_ patch: ExifMakerNotePatch, changed extraChanged: [Range<Int>] = [], _ edit: (inout [UInt8]) -> Void) -> ExifMakerNotePatch {
        var tiff = patch.tiff
        edit(&tiff)
        return ExifMakerNotePatch(tiff: tiff, changed: patch.changed + extraChanged, makerNoteRange: patch.makerNoteRange)
    }

    static func refused(_ original: ExifTIFF, _ patch: ExifMakerNotePatch, note: [UInt8], added: [RequiredExifTags.Field] = []) -> ParseError? {
        #expect(throws: ParseError.self) { try ExifPreservationCheck.verify(original: original, patch: patch, makerNote: note, addedToExifIFD: added) }
    }

    /// Where an entry's value lies in the original block.
    static func valueRange(_ original: ExifTIFF, _ tag: UInt16, _ dir: ExifTIFF.Directory) throws -> Range<Int> {
        let entry = try #require(original.entry(tag, in: dir))
        guard case .bytes(let range) = entry.value else { Issue.record("tag \(tag) has no value bytes"); return 0..<0 }
        return range
    }

    @Test("the patch pairing makes passes, in both byte orders", arguments: [true, false])
    func rightPatchPasses(littleEndian: Bool) throws {
        let original = try Self.original(littleEndian: littleEndian)
        let (patch, note) = try Self.patch(original)
        let written = try ExifPreservationCheck.verify(original: original, patch: patch, makerNote: note)
        #expect(try written.makerNote()?.bytes == note && written.littleEndian == littleEndian)
        #expect(written.directories.keys.count == original.directories.keys.count)
    }

    @Test func shorterBlock() throws {
        let original = try Self.original()
        let (patch, note) = try Self.patch(original)
        let short = ExifMakerNotePatch(tiff: Array(patch.tiff.prefix(original.tiff.count - 1)), changed: patch.changed, makerNoteRange: 0..<0)
        #expect(Self.refused(original, short, note: note)?.message == "the new EXIF is shorter than the old; nothing was written")
        // As long as the old: passes this check, then fails on what it holds (the note moved past it).
        let same = ExifMakerNotePatch(tiff: Array(patch.tiff.prefix(original.tiff.count)), changed: patch.changed, makerNoteRange: 0..<0)
        #expect(Self.refused(original, same, note: note)?.message != "the new EXIF is shorter than the old; nothing was written")
    }

    /// A byte outside every changed range is refused, naming its offset in the block and in the
    /// file; a byte just inside a changed range may change.
    @Test func byteOutsideTheChangedRanges() throws {
        let original = try Self.original()
        let (patch, note) = try Self.patch(original)
        let make = try Self.valueRange(original, 0x010F, .ifd0)
        let date = try Self.valueRange(original, 0x9003, .exif)
        for k in [0, make.lowerBound, make.upperBound - 1, date.upperBound - 1] {
            let error = Self.refused(original, Self.tampered(patch) { $0[k] ^= 0x20 }, note: note)
            #expect(error?.message == "the new EXIF changes byte \(k), outside what pairing edits; nothing was written")
            #expect(error?.offset == 1_000 + UInt64(k))
        }
        // The same byte named as changed passes the byte check; the entry check then sees it.
        let error = Self.refused(original, Self.tampered(patch, changed: [make]) { $0[make.lowerBound] ^= 0x20 }, note: note)
        #expect(error?.message == "tag 0x010F of the IFD0 would change; nothing was written")
        #expect(error?.offset == 1_000 + UInt64(try #require(original.entry(0x010F, in: .ifd0)).entryOffset))
        // Bytes the patch names as changed around the make's value (one before, one after) may change.
        let around = [make.lowerBound - 1 ..< make.lowerBound, make.upperBound ..< make.upperBound + 1]
        let edited = Self.tampered(patch, changed: around) { $0[make.lowerBound - 1] ^= 0x01; $0[make.upperBound] ^= 0x01 }
        let aroundError = Self.refused(original, edited, note: note)
        #expect(aroundError?.message.hasPrefix("the new EXIF changes byte") != true, "\(String(describing: aroundError))")
    }

    @Test func anotherByteOrder() throws {
        let original = try Self.original(littleEndian: true)
        let (patch, note) = try Self.patch(original)
        var big = Self.exif(littleEndian: false)
        big += [UInt8](repeating: 0, count: max(0, patch.tiff.count - big.count))
        let swapped = ExifMakerNotePatch(tiff: big, changed: [0..<original.tiff.count], makerNoteRange: 0..<0)
        #expect(Self.refused(original, swapped, note: note)?.message == "the new EXIF has another byte order; nothing was written")
    }

    @Test func anotherMakerNote() throws {
        let original = try Self.original()
        let (patch, note) = try Self.patch(original)
        var other = note
        other[other.count - 2] ^= 0x01
        let error = Self.refused(original, patch, note: other)
        #expect(error?.message == "the new EXIF does not hold the new MakerNote; nothing was written")
        #expect(error?.path == "APP1/Exif/MakerNote")
    }

    /// An entry's type, count or 4-byte field changed (the block names the bytes as changed).
    @Test(arguments: [2, 4, 8])
    func entryChanged(_ at: Int) throws {
        let original = try Self.original()
        let (patch, note) = try Self.patch(original)
        let orientation = try #require(original.entry(0x0112, in: .ifd0))
        let k = orientation.entryOffset + at
        let error = Self.refused(original, Self.tampered(patch, changed: [k..<(k + 1)]) { $0[k] ^= 0x01 }, note: note)
        #expect(error?.message == "tag 0x0112 of the IFD0 would change; nothing was written")
    }

    /// One entry fewer in a directory: its count lowered (the last entry is then not read).
    @Test func entryLost() throws {
        let original = try Self.original()
        let (patch, note) = try Self.patch(original)
        let range = try #require(original.directoryRanges[.ifd1])
        let count = range.lowerBound
        let error = Self.refused(original, Self.tampered(patch, changed: [count..<(count + 2)]) { $0[count] -= 1 }, note: note)
        #expect(error?.message == "the IFD1 would hold 0 entries instead of 1; nothing was written")
    }

    /// A sub-IFD that read before and does not now (its entry count made huge).
    @Test func directoryNoLongerReads() throws {
        let original = try Self.original()
        let (patch, note) = try Self.patch(original)
        let at = try #require(original.directoryRanges[.gps]).lowerBound
        let error = Self.refused(original, Self.tampered(patch, changed: [at..<(at + 2)]) { $0[at] = 0xFF; $0[at + 1] = 0xFF }, note: note)
        #expect(error?.message == "the new EXIF lacks the GPS; nothing was written" || error?.message == "the new EXIF's GPS does not read; nothing was written",
                "\(String(describing: error))")
    }

    /// Without an Exif IFD the patch creates one with the tags EXIF requires: the check wants
    /// each as planned.
    @Test func requiredTagsAsPlanned() throws {
        var e = SyntheticEXIF()
        e.littleEndian = true
        e.ifd0 = [e.ascii(0x010F, "Apple"), e.short(0x0112, 1)]
        let original = try ExifTIFF(tiff: Array(e.payload.dropFirst(ExifTIFF.exifHeaderLength)), tiffOffset: 0, path: "Exif")
        let note = AppleMakerNote.minimal(contentIdentifier: Self.id).serialized()
        let facts = RequiredExifTags.ImageFacts(width: 4, height: 3, components: 3, resolution: nil, hasICCProfile: false)
        let added = RequiredExifTags.exifIFD(facts, bigEndian: false)
        let patch = try ExifMakerNotePatch.apply(note: note, to: original, exifIFDFields: added)
        try ExifPreservationCheck.verify(original: original, patch: patch, makerNote: note, addedToExifIFD: added)

        let last = try #require(added.last)
        var planned = added
        planned[planned.count - 1] = RequiredExifTags.Field(tag: last.tag, type: last.type, count: last.count, value: last.value.map { $0 ^ 0x01 })
        #expect(Self.refused(original, patch, note: note, added: planned)?.message
                == "tag 0x\(hex(last.tag)) of the new ExifIFD was not written as planned; nothing was written")
        #expect(Self.refused(original, patch, note: note, added: Array(added.dropLast()))?.message
                == "the ExifIFD would hold \(added.count) entries instead of \(added.count - 1); nothing was written")
        #expect(Self.refused(original, patch, note: note, added: [])?.message == "the new EXIF adds the ExifIFD; nothing was written")
    }
}
