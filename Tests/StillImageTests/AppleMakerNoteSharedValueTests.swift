import Testing
import BinaryIO
@testable import StillImage

/// An old tag 0x11 value is zeroed when the directory is laid out again, so no old identifier
/// lingers; bytes another entry's value also uses are that entry's and stay as they were.
@Suite("Apple MakerNote: an old identifier's bytes shared with another entry are kept")
struct AppleMakerNoteSharedValueTests {
    @Test(arguments: [0, 3, 6])
    func sharedBytesKept(_ sharedFrom: Int) throws {
        // Directory: 2 entries, ends at 16 + 24 + 4 = 44; the old identifier "OLD-ID-0123\0" (12
        // bytes) at 44; tag 0x20 (UNDEFINED, 6 bytes, out of line) reads bytes of it from 44 + sharedFrom.
        var bytes = AppleMakerNoteTests.header(count: 2)
        bytes += [0, 0x11, 0, 2, 0, 0, 0, 12, 0, 0, 0, 44]
        bytes += [0, 0x20, 0, 7, 0, 0, 0, 6, 0, 0, 0, UInt8(44 + sharedFrom)]
        bytes += [0, 0, 0, 0] + Array("OLD-ID-0123".utf8) + [0]
        let shared = Array(bytes[(44 + sharedFrom)..<(50 + sharedFrom)])
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: 0, path: "MakerNote")
        let note = try AppleMakerNote.parse(edited)
        #expect(note.contentIdentifier == id)
        #expect(note.entries.first { $0.tag == 0x20 }?.value == shared, "the other entry's bytes as they were")
        // The same count of entries: the data area stays at 44; what only the old identifier used is zeroed.
        let area = Array(edited[44..<56])
        for i in 0..<12 where !(sharedFrom..<(sharedFrom + 6)).contains(i) { #expect(area[i] == 0, "byte \(i) of the old identifier") }
        #expect(Array(area[sharedFrom..<(sharedFrom + 6)]) == shared)
    }

    /// An identifier as long as the new one is patched where it is; when another entry's value
    /// shares its bytes, that would change the other entry, so the edit is refused (the
    /// read-back of the edited note catches it) and nothing is written.
    @Test func samePlacePatchThatWouldChangeAnotherEntryIsRefused() throws {
        let old = "FFFFFFFF-4D3B-4E63-9A58-6C5A4C3B2A19"
        var bytes = AppleMakerNoteTests.header(count: 2)
        bytes += [0, 0x11, 0, 2, 0, 0, 0, 37, 0, 0, 0, 44]
        bytes += [0, 0x20, 0, 7, 0, 0, 0, 6, 0, 0, 0, 44 + 10]
        bytes += [0, 0, 0, 0] + Array(old.utf8) + [0]
        let e = #expect(throws: ParseError.self) {
            try AppleMakerNoteEdit.settingIdentifier(bytes, to: "0B5C2C38-1111-4E63-9A58-6C5A4C3B2A19", baseOffset: 0, path: "MakerNote")
        }
        #expect(e?.message == "the edited Apple MakerNote does not read back as planned; nothing was written")
        // The bytes tag 0x20 reads ("D3B-4E") are the same in both identifiers: nothing changes for it.
        let same = try AppleMakerNoteEdit.settingIdentifier(bytes, to: "00000000-4D3B-4E63-9A58-6C5A4C3B2A19", baseOffset: 0, path: "MakerNote")
        #expect(try AppleMakerNote.parse(same).contentIdentifier == "00000000-4D3B-4E63-9A58-6C5A4C3B2A19")
    }
}
