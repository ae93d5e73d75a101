import Testing
import BinaryIO
@testable import StillImage

/// Laying an Apple MakerNote out again at its edges: an identifier of 3 characters (4 bytes
/// with its NUL) lives in its entry's field and adds no byte after the data area; an entry
/// whose out-of-line value points at its own field (inside the directory being rewritten) is
/// refused by name rather than carried with a stale offset.
@Suite("Apple MakerNote re-layout: an inline identifier appends nothing; a value inside the directory is refused")
struct AppleMakerNoteRelayoutEdgeTests {
    @Test("a 3-character identifier: the field holds it, the note ends with the data area")
    func inlineIdentifierAppendsNothing() throws {
        // Two entries and "VALUE\0" at 44 (AppleMakerNoteIdentifierLengthTests' note without tag 0x11).
        let note = AppleMakerNoteIdentifierLengthTests.note(identifier: nil)
        let edited = try AppleMakerNoteEdit.settingIdentifier(note, to: "ABC", baseOffset: 0, path: "MakerNote")
        // Three entries from 16, the next field at 52, the 6-byte data area at 56: 62 bytes, no more.
        #expect(edited.count == 62)
        #expect(Array(edited[56...]) == Array("VALUE".utf8) + [0])
        #expect(Array(edited[40..<52]) == [0, 0x11, 0, 2, 0, 0, 0, 4] + Array("ABC".utf8) + [0])
        #expect(try AppleMakerNote.parse(edited).contentIdentifier == "ABC")
    }

    @Test("an UNDEFINED value of 5 bytes whose offset is its own field: refused, naming the directory")
    func valueInsideTheDirectoryIsRefused() throws {
        var bytes = AppleMakerNoteTests.header(count: 2)
        bytes += [0, 0x01, 0, 7, 0, 0, 0, 5, 0, 0, 0, 24]       // 5 bytes at 24: this entry's own field
        bytes += [0, 0x08, 0, 2, 0, 0, 0, 6, 0, 0, 0, 44]       // "VALUE\0" at 44
        bytes += [0, 0, 0, 0] + Array("VALUE".utf8) + [0]
        let error = #expect(throws: ParseError.self) {
            _ = try AppleMakerNoteEdit.settingIdentifier(bytes, to: "0B5C2C38-4D3B-4E63-9A58-6C5A4C3B2A19", baseOffset: 0, path: "MakerNote")
        }
        #expect(error?.message.hasSuffix("value lies inside the MakerNote's own directory") == true, "\(String(describing: error))")
        #expect(error?.offset == 24)
    }
}
