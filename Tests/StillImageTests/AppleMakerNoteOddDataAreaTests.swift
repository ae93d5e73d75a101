import Testing
@testable import StillImage

/// When adding the identifier lays an Apple MakerNote out again, the identifier goes after the
/// data area on a word boundary: after a data area of odd length a zero pads it, and the entry
/// points at the identifier's first byte.
@Suite("Apple MakerNote: the identifier after an odd-length data area is word-aligned")
struct AppleMakerNoteOddDataAreaTests {
    @Test("a note whose data area is one 5-byte value: a pad byte, then the identifier where its entry points")
    func identifierAfterOddDataArea() throws {
        var bytes = AppleMakerNoteTests.header(count: 2)
        bytes += [0, 0x01, 0, 4, 0, 0, 0, 1, 0, 0, 0, 7]       // LONG 7, inline
        bytes += [0, 0x08, 0, 2, 0, 0, 0, 5, 0, 0, 0, 44]      // ASCII "VALU\0" out of line, at 44
        bytes += [0, 0, 0, 0] + Array("VALU".utf8) + [0]
        try #require(bytes.count == 49)
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: 0, path: "MakerNote")
        // Three entries from 16, the next field, then the data area at 56 (5 bytes), a pad at 61.
        #expect(Array(edited[56..<61]) == Array("VALU".utf8) + [0])
        #expect(edited[61] == 0)
        #expect(Array(edited[40..<52]) == [0, 0x11, 0, 2, 0, 0, 0, 37, 0, 0, 0, 62])
        #expect(Array(edited[62...]) == Array(id.utf8) + [0])
        let note = try AppleMakerNote.parse(edited)
        #expect(note.contentIdentifier == id && note.entries.map(\.tag) == [1, 8, 0x11])
    }
}
