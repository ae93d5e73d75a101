import Testing
import BinaryIO
@testable import StillImage

/// In a little-endian (II) Apple MakerNote an offset's bytes run from the lowest: when adding
/// the identifier lays the note out again, an out-of-line value past byte 255 (its offset's
/// second byte not zero) moves with the data area by exactly the directory's growth, read and
/// written in the note's own byte order.
@Suite("Apple MakerNote, little-endian: offsets past 255 move with the data area")
struct AppleMakerNoteLittleEndianOffsetTests {
    /// Two entries: 300 UNDEFINED bytes at 44, then "VALUE\0" at 344 (0x158: field 58 01 00 00).
    static func note() -> [UInt8] {
        var bytes = Array("Apple iOS".utf8) + [0, 0, 1, 0x49, 0x49, 2, 0]
        bytes += [0x01, 0, 7, 0, 0x2C, 0x01, 0, 0, 44, 0, 0, 0]
        bytes += [0x08, 0, 2, 0, 6, 0, 0, 0, 0x58, 0x01, 0, 0]
        bytes += [0, 0, 0, 0]
        bytes += (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        bytes += Array("VALUE".utf8) + [0]
        return bytes
    }

    @Test("the note gains tag 0x11: the value at 344 is read from 356, field 64 01 00 00")
    func valuePastByte255Moves() throws {
        let bytes = Self.note()
        let before = try AppleMakerNote.parse(bytes)
        try #require(!before.bigEndian && before.entries.map(\.tag) == [0x01, 0x08])
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: 0, path: "MakerNote")
        // Three entries from 16: tag 0x01's field is bytes 24..<28, tag 0x08's 36..<40; the data area starts at 56.
        #expect(Array(edited[36..<40]) == [0x64, 0x01, 0, 0])
        #expect(Array(edited[24..<28]) == [56, 0, 0, 0])
        #expect(Array(edited[356..<362]) == Array("VALUE".utf8) + [0])
        let after = try AppleMakerNote.parse(edited)
        #expect(after.contentIdentifier == id)
        #expect(after.entries.filter { $0.tag != 0x11 } == before.entries)
    }
}
