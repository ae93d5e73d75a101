import BinaryIO
import Testing
@testable import StillImage

/// The SEF footer is the file's last 8 bytes (the directory's size, then `SEFT`): a file shorter
/// than that has no trailer, even when it ends in `SEFT`; one of exactly 8 bytes has a footer,
/// whose directory then cannot fit before it.
@Suite("Samsung SEF trailer: files shorter than the footer")
struct SamsungSEFShortFileTests {
    @Test("files of 0 to 7 bytes, ending in SEFT when they can: no trailer")
    func shorterThanTheFooter() throws {
        let dir = try TempDir()
        let full: [UInt8] = [12, 0, 0] + Array("SEFT".utf8)
        for count in 0...full.count {
            let source = try JPEGTrailerTests.write(Array(full.suffix(count)), dir, "short-\(count).jpg")
            #expect(try SamsungSEFTrailer.read(source) == nil, "\(count) bytes")
        }
    }

    @Test("8 bytes, a footer saying 12: refused as a directory that does not fit")
    func theFooterAlone() throws {
        let dir = try TempDir()
        let source = try JPEGTrailerTests.write([12, 0, 0, 0] + Array("SEFT".utf8), dir)
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(source) }
        #expect(error?.message == "SEF directory size 12 does not fit the file", "\(String(describing: error))")
    }
}
