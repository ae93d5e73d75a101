import Testing
@testable import StillImage

/// The four bytes after an Apple MakerNote's entries (a next-IFD field, 0 in Apple's notes)
/// are someone's bytes: when adding the identifier grows the directory, they follow the
/// entries as they were, whatever they hold.
@Suite("Apple MakerNote: the field after the entries is kept when the directory grows")
struct AppleMakerNoteNextFieldTests {
    @Test(arguments: [[0, 0, 0, 0], [0xDE, 0xAD, 0xBE, 0xEF], [0, 0, 0, 1]] as [[UInt8]])
    func nextFieldIsKept(_ next: [UInt8]) throws {
        var bytes = AppleMakerNoteTests.header(count: 2)
        bytes += [0, 0x01, 0, 9, 0, 0, 0, 1, 0, 0, 0, 14]      // SLONG 14
        bytes += [0, 0x03, 0, 7, 0, 0, 0, 3, 9, 8, 7, 0]       // 3 bytes in the field
        bytes += next
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: 0, path: "MakerNote")
        let note = try AppleMakerNote.parse(edited)
        #expect(note.entries.map(\.tag) == [1, 3, 0x11])
        #expect(note.contentIdentifier == id)
        // Three entries of 12 bytes from offset 16: the field follows at 52.
        #expect(Array(edited[52..<56]) == next)
    }

    /// A note that ends before its next-IFD field is whole (none of it, or 1 to 3 bytes of it):
    /// the grown directory gets a field of zeros, never bytes of the last entry.
    @Test(arguments: 0...3)
    func nextFieldCutShortIsZero(_ present: Int) throws {
        var bytes = AppleMakerNoteTests.header(count: 2)
        bytes += [0, 0x01, 0, 9, 0, 0, 0, 1, 0, 0, 0, 7]       // SLONG 7
        bytes += [0, 0x03, 0, 7, 0, 0, 0, 3, 9, 8, 7, 0x55]    // 3 bytes in the field
        bytes += Array([0xDE, 0xAD, 0xBE].prefix(present))
        let id = "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19"
        let edited = try AppleMakerNoteEdit.settingIdentifier(bytes, to: id, baseOffset: 0, path: "MakerNote")
        let note = try AppleMakerNote.parse(edited)
        #expect(note.entries.map(\.tag) == [1, 3, 0x11] && note.contentIdentifier == id)
        #expect(Array(edited[52..<56]) == [0, 0, 0, 0])
    }
}
