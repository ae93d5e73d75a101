import PropertyBased
@testable import StillImage
import TestSupport
import Testing

/// An identifier of any length the writer allows (1 to 255 printable ASCII characters; `--id`
/// takes any) goes into an Apple MakerNote without tag 0x11, or with one of another length: up
/// to 3 characters (4 bytes with the NUL) inline in the entry's field, longer ones after the
/// data area; the note reads back with it, every other entry and the data area as they were.
@Suite("Apple MakerNote: an identifier of any length")
struct AppleMakerNoteIdentifierLengthTests {
    /// A big-endian note: tag 0x01 (LONG, inline), tag 0x08 (ASCII, 6 bytes out of line) and,
    /// when `identifier` is given, tag 0x11 with it out of line after the other value.
    static func note(identifier: String?) -> [UInt8] {
        let count = identifier == nil ? 2 : 3
        let dataStart = 16 + 12 * count + 4
        var bytes = Array("Apple iOS".utf8) + [0, 0, 1, 0x4D, 0x4D, 0, UInt8(count)]
        bytes += [0, 0x01, 0, 4, 0, 0, 0, 1, 0, 0, 0, 7]
        bytes += [0, 0x08, 0, 2, 0, 0, 0, 6] + u32(dataStart)
        if let identifier { bytes += [0, 0x11, 0, 2] + u32(identifier.utf8.count + 1) + u32(dataStart + 6) }
        bytes += [0, 0, 0, 0] + Array("VALUE".utf8) + [0]
        if let identifier { bytes += Array(identifier.utf8) + [0] }
        return bytes
    }

    static func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    @Test("any length 1...255, with no tag 0x11 or one of 5 characters: read back; the other entries kept; short ones inline")
    func anyLength() async {
        await propertyCheck(input: Gen.nearEnds(in: 1...255), Gen.nearEnds(in: 0...94)) { length, first in
            Self.expectWritten(length: length, first: first)
        }
    }

    /// Every run, the lengths on both sides of the inline limit (3 characters, 4 bytes with the
    /// NUL), which the property above reaches only when it draws them.
    @Test("1 to 6 characters, around the inline limit", arguments: 1...6)
    func aroundTheInlineLimit(length: Int) {
        Self.expectWritten(length: length, first: 33)
    }

    static func expectWritten(length: Int, first: Int) {
        // Printable ASCII from `first` on, wrapping: every character the writer allows turns up.
        let identifier = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x20 + (first + $0) % 95))) })
        for original in [Self.note(identifier: nil), Self.note(identifier: "ABCDE")] {
            guard let edited = try? AppleMakerNoteEdit.settingIdentifier(original, to: identifier, baseOffset: 0, path: "MakerNote"),
                  let note = try? AppleMakerNote.parse(edited), let before = try? AppleMakerNote.parse(original) else {
                Issue.record("\(length) characters: not written or not read back"); continue
            }
            #expect(note.contentIdentifier == identifier, "\(length) characters")
            #expect(note.entries.filter { $0.tag != 0x11 } == before.entries.filter { $0.tag != 0x11 })
            // Three entries (12 bytes each) and the next-IFD field, then the data area ("VALUE\0" first).
            #expect(Array(edited[56..<62]) == Array("VALUE".utf8) + [0])
            let entry = 16 + 24
            #expect(Array(edited[entry..<entry + 8]) == [0, 0x11, 0, 2] + Self.u32(length + 1))
            if length <= 3 {
                let field = Array(identifier.utf8) + [UInt8](repeating: 0, count: 4 - length)
                #expect(Array(edited[entry + 8..<entry + 12]) == field, "\(length) characters inline")
            } else {
                // An offset (from the note's start here) to the identifier and its NUL.
                let field = edited[entry + 8..<entry + 12].reduce(0) { $0 << 8 | Int($1) }
                #expect(field + length + 1 <= edited.count && Array(edited[field..<field + length + 1]) == Array(identifier.utf8) + [0],
                        "\(length) characters out of line")
            }
        }
    }
}
