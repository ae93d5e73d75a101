import Testing
@testable import livephoto

/// A space is a printable character: one terminal column, like every ASCII character from
/// U+0020 to `~`, so a name with spaces is measured and padded to its true width (DEL and the
/// controls take none).
@Suite("terminal columns: a space takes one column")
struct TerminalColumnsSpaceTests {
    @Test("ASCII names with spaces: one column a character")
    func spacesCount() {
        #expect(TerminalColumns.width("IMG 0001 copy.JPG") == 17)
        #expect(TerminalColumns.width(" ") == 1)
        #expect(TerminalColumns.width("a\u{7F}\tb c") == 4, "DEL and TAB take none, the space one")
    }

    @Test("padding a name with spaces fills up to the column, never past it")
    func paddedWithSpaces() {
        #expect(TerminalColumns.padded("a b", to: 5) == "a b  ")
        #expect(TerminalColumns.padded("x y z", to: 5) == "x y z")
    }
}
