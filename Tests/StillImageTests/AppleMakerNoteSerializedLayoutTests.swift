import Testing
@testable import StillImage

/// The bytes `AppleMakerNote.serialized` lays out, exactly: the version (1 unless given) as two
/// big-endian bytes, each 16- and 32-bit field whole in the note's byte order (a count past
/// 2^24 included), and each out-of-line value on an even offset with a zero pad after an odd one.
@Suite("Apple MakerNote: serialized bytes, field by field")
struct AppleMakerNoteSerializedLayoutTests {
    static let header = AppleMakerNote.signature

    @Test("a note made with the defaults: version 1, big-endian, no entries")
    func defaults() {
        let note = AppleMakerNote()
        #expect(note.version == 1 && note.bigEndian && note.entries.isEmpty)
        #expect(note.serialized() == Self.header + [0, 1, 0x4D, 0x4D, 0, 0, 0, 0, 0, 0])
    }

    @Test("version 0x0203 is written as 02 03 and read back", arguments: [true, false])
    func twoByteVersion(bigEndian: Bool) throws {
        let bytes = AppleMakerNote(version: 0x0203, bigEndian: bigEndian).serialized()
        #expect(Array(bytes[10..<12]) == [2, 3])
        #expect(try AppleMakerNote.parse(bytes).version == 0x0203)
    }

    @Test("two 5-byte values out of line: at 44 and 50, each followed by a zero pad")
    func oddValuesPadded() throws {
        let note = AppleMakerNote(entries: [.init(tag: 1, type: 7, count: 5, value: [1, 2, 3, 4, 5]),
                                            .init(tag: 2, type: 7, count: 5, value: [6, 7, 8, 9, 10])])
        let bytes = note.serialized()
        #expect(bytes == Self.header + [0, 1, 0x4D, 0x4D, 0, 2]
            + [0, 1, 0, 7, 0, 0, 0, 5, 0, 0, 0, 44]
            + [0, 2, 0, 7, 0, 0, 0, 5, 0, 0, 0, 50]
            + [0, 0, 0, 0]
            + [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 0])
        #expect(try AppleMakerNote.parse(bytes) == note)
    }

    @Test("tag 0x0123 and count 0x01020304 (a field-only entry): every byte in the note's order", arguments: [true, false])
    func wideFields(bigEndian: Bool) {
        let note = AppleMakerNote(bigEndian: bigEndian, entries: [.init(tag: 0x0123, type: 7, count: 0x0102_0304, value: [9, 8, 7, 6], valueIsField: true)])
        let entry: [UInt8] = bigEndian ? [0x01, 0x23, 0, 7, 1, 2, 3, 4] : [0x23, 0x01, 7, 0, 4, 3, 2, 1]
        #expect(note.serialized() == Self.header + [0, 1] + (bigEndian ? [0x4D, 0x4D, 0, 1] : [0x49, 0x49, 1, 0]) + entry + [9, 8, 7, 6, 0, 0, 0, 0])
    }
}
