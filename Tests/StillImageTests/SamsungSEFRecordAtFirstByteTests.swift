import BinaryIO
import Testing
@testable import StillImage

/// A SEF record may start at the source's first byte (a trailer read on its own, nothing
/// before its records): its offset back from `SEFH` is then the directory's offset itself,
/// and it is read; one byte further back would be before the file and is refused.
@Suite("Samsung SEF: a record whose back offset reaches the first byte")
struct SamsungSEFRecordAtFirstByteTests {
    static let record = (UInt16(0x0A01), "Image_UTC_Data", Array("1704110400000".utf8))

    @Test("a trailer alone: the record at offset 0 (back 35 = directoryOffset) is read whole")
    func recordAtTheFirstByte() throws {
        let dir = try TempDir()
        let bytes = JPEGTrailerTests.sef([Self.record])
        let sef = try #require(try SamsungSEFTrailer.read(JPEGTrailerTests.write(bytes, dir, "alone.sef")))
        #expect(sef.directoryOffset == 35 && sef.start == 0)
        #expect(sef.records == [SamsungSEFTrailer.Record(type: 0x0A01, name: "Image_UTC_Data", offset: 0, length: 35, dataOffset: 22, dataLength: 13)])
    }

    @Test("the same trailer with a back offset of 36: refused as lying outside the file")
    func oneByteBeforeTheFile() throws {
        let dir = try TempDir()
        var bytes = JPEGTrailerTests.sef([Self.record])
        // The record's entry in SEFH: u16 0, u16 type, u32 back (little-endian), u32 length.
        let backAt = 35 + 12 + 4
        try #require(bytes[backAt] == 35)
        bytes[backAt] = 36
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(JPEGTrailerTests.write(bytes, dir, "back.sef")) }
        #expect(error?.message == "SEF record 1 (35 bytes, 36 back from SEFH) lies outside the file", "\(String(describing: error))")
    }
}
