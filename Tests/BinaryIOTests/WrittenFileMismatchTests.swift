import Testing
@testable import BinaryIO

/// A read-back's failure, whatever it threw, becomes one mismatch naming it; a read-back that
/// passes throws nothing; a mismatch from a nested read-back is not wrapped twice.
struct WrittenFileMismatchTests {
    @Test func wrapsWhatTheReadBackThrows() throws {
        try WrittenFileMismatch.check {}
        let inner = ParseError(.truncated, "the file ends early", path: "JPEG", offset: 10)
        let e = #expect(throws: WrittenFileMismatch.self) { try WrittenFileMismatch.check { throw inner } }
        #expect(e?.reason == inner.description)
        #expect(e?.description == "the file written does not read back as written: \(inner.description); nothing was changed")
        let nested = #expect(throws: WrittenFileMismatch.self) { try WrittenFileMismatch.check { try WrittenFileMismatch.check { throw inner } } }
        #expect(nested?.reason == inner.description)
    }
}
