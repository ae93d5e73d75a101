import Testing
@testable import livephoto

/// A text with no ASCII byte at all is measured by its characters like any other: one column
/// for a narrow letter, two for a wide (CJK, emoji) one, never one a UTF-8 byte.
@Suite("terminal columns: text without any ASCII character")
struct TerminalColumnsNonASCIITests {
    @Test("写真 takes 4 columns, é 1, 😀 2, é写 3: counted by character, not by UTF-8 byte")
    func countedByCharacter() {
        #expect(TerminalColumns.width("\u{5199}\u{771F}") == 4)
        #expect(TerminalColumns.width("\u{E9}") == 1)
        #expect(TerminalColumns.width("😀") == 2)
        #expect(TerminalColumns.width("\u{E9}\u{5199}") == 3)
    }

    @Test("padding a name with no ASCII character fills up to the column by its true width")
    func paddedByColumns() {
        #expect(TerminalColumns.padded("\u{5199}\u{771F}", to: 6) == "\u{5199}\u{771F}  ")
        #expect(TerminalColumns.padded("\u{E9}", to: 3) == "\u{E9}  ")
    }
}
