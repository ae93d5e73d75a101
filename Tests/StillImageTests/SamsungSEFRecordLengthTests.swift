import BinaryIO
import Testing
import TestSupport
@testable import StillImage

/// An SEF record is at least its 8-byte header (`u16 0, u16 type, u32 name length`): a
/// directory length of 8 is a record with no name and no data; 7 cannot hold the header and is
/// refused as lying outside the file, before its header is read.
@Suite("Samsung SEF record length: 8 (the header alone) reads, 7 is refused")
struct SamsungSEFRecordLengthTests {
    /// still-no-exif.jpg, then a trailer of one record with no name and no data, its directory
    /// length set to `length`.
    static func file(recordLength length: UInt8) throws -> [UInt8] {
        var trailer = JPEGTrailerTests.sef([(0x0A01, "", [])])
        // The last directory entry's length (little-endian), just before the size and "SEFT".
        let lengthAt = trailer.count - 8 - 4
        #expect(trailer[lengthAt] == 8 && trailer[(lengthAt + 1)..<(lengthAt + 4)] == [0, 0, 0])
        trailer[lengthAt] = length
        return try TestFiles.bytes(TestFiles.fixture("still-no-exif.jpg")) + trailer
    }

    @Test("a record of its header alone: no name, no data")
    func headerAlone() throws {
        let dir = try TempDir()
        let source = try JPEGTrailerTests.write(try Self.file(recordLength: 8), dir)
        let record = try #require(try SamsungSEFTrailer.read(source)?.records.first)
        #expect(record.type == 0x0A01 && record.name == "" && record.length == 8 && record.dataLength == 0)
        #expect(record.dataOffset == record.offset + 8)
    }

    @Test("a record shorter than its header: refused as outside the file, not as a name that does not fit")
    func shorterThanItsHeader() throws {
        let dir = try TempDir()
        let source = try JPEGTrailerTests.write(try Self.file(recordLength: 7), dir)
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(source) }
        #expect(error?.message == "SEF record 1 (7 bytes, 8 back from SEFH) lies outside the file", "\(String(describing: error))")
        #expect(error?.path == "SEFH/record[1]")
    }
}
