import Testing
@testable import BinaryIO

/// Path text decides byte by byte whether a valid UTF-8 sequence starts there: its length when
/// it does (a sequence ending the name included), 0 for an invalid lead byte, a sequence cut by
/// the end or a bad continuation byte.
@Suite("path text: the valid UTF-8 sequence length at each byte")
struct PathTextSequenceLengthTests {
    @Test("0 for a byte that is no lead byte, a cut sequence and a bad continuation byte")
    func notASequence() {
        #expect(PathText.validSequenceLength([0xFF], at: 0) == 0)
        #expect(PathText.validSequenceLength([0x80], at: 0) == 0)
        #expect(PathText.validSequenceLength([0x61, 0xC3], at: 1) == 0)
        #expect(PathText.validSequenceLength([0xC3, 0x28], at: 0) == 0)
    }

    @Test("a scalar ending the name is whole: its length, and it stays itself beside an escaped byte")
    func sequenceEndingTheName() {
        #expect(PathText.validSequenceLength([0xC3, 0xA9], at: 0) == 2)
        #expect(PathText.validSequenceLength([0x61, 0xE2, 0x82, 0xAC], at: 1) == 3)
        #expect(PathText.escaped([0xFF, 0xC3, 0xA9]) == "\\xffé")
        #expect(PathText.string(fromPathBytes: [0xFF, 0xC3, 0xA9]).unicodeScalars.map(\.value) == [0x10FFFF, 0xE9])
    }
}
