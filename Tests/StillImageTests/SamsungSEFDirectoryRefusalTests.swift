import BinaryIO
import Testing
@testable import StillImage

/// An SEF directory is at least its 12-byte head ("SEFH", version, record count), and its
/// count of 12-byte entries must fit the bytes after that head: a directory one byte short of
/// either is refused by the check that names it, before any field past its end is read.
@Suite("Samsung SEF directory: one byte short of its head or of its entries is refused by name")
struct SamsungSEFDirectoryRefusalTests {
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

    /// A trailer alone: `directory`, its size, "SEFT".
    static func trailer(_ directory: [UInt8]) -> [UInt8] {
        directory + le32(UInt32(directory.count)) + Array("SEFT".utf8)
    }

    @Test("a directory of 11 bytes (the head without the count's last byte): its size does not fit")
    func directoryShorterThanItsHead() throws {
        let dir = try TempDir()
        let bytes = Self.trailer(Array("SEFH".utf8) + Self.le32(SamsungSEFTrailer.version) + [0, 0, 0])
        #expect(bytes.count == 19)
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(JPEGTrailerTests.write(bytes, dir, "head.sef")) }
        #expect(error?.message == "SEF directory size 11 does not fit the file", "\(String(describing: error))")
        #expect(error?.path == "SEFT" && error?.offset == 11)
    }

    @Test("a count of 1 with 11 entry bytes: the entries do not fit")
    func entriesOneByteShort() throws {
        let dir = try TempDir()
        let entry: [UInt8] = [0, 0, 0x01, 0x0A, 20, 0, 0, 0, 8, 0, 0]
        let bytes = Self.trailer(Array("SEFH".utf8) + Self.le32(SamsungSEFTrailer.version) + Self.le32(1) + entry)
        let error = #expect(throws: ParseError.self) { _ = try SamsungSEFTrailer.read(JPEGTrailerTests.write(bytes, dir, "entries.sef")) }
        #expect(error?.message == "SEF directory of 1 records needs 12 bytes, 11 left", "\(String(describing: error))")
        #expect(error?.path == "SEFH" && error?.offset == 8)
    }
}
