import Foundation
import Testing
import BinaryIO
import StillImage
import TestSupport
@testable import LivePhotoKit

/// The shortest image end a scan may carry: an image whose scan holds no byte ends with the EOI
/// marker right after its scan header, and that end is used; an end that would put the EOI's
/// first byte inside the scan header (even where the two bytes before it read FF D9) is not.
@Suite("scanned image end: EOI right after the scan header, and no earlier")
struct ScannedImageEndScanEdgeTests {
    static func fixture() throws -> (bytes: [UInt8], scanHeaderEnd: Int) {
        let path = Support.fixture("still-no-exif.jpg")
        let structure = try JPEGStructure.read(FileSource(path: path))
        return (try Support.bytes(path), Int(structure.scanHeader.endOffset))
    }

    static func carried(_ bytes: [UInt8], claimedEnd: UInt64) throws -> UInt64? {
        let dir = try TempDir()
        let path = try dir.write("still.jpg", bytes)
        let source = try FileSource(path: path)
        let structure = try JPEGStructure.read(source)
        let scanned = try #require(ScannedImageEnd(imageEnd: claimedEnd, source: source))
        return try scanned.imageEnd(for: FileSource(path: path), structure: structure)
    }

    @Test("an empty scan: the end just past the EOI after the scan header is carried")
    func emptyScanEndIsCarried() throws {
        let (bytes, end) = try Self.fixture()
        let cut = Array(bytes[..<end]) + [0xFF, 0xD9]
        #expect(try Self.carried(cut, claimedEnd: UInt64(end + 2)) == UInt64(end + 2))
    }

    @Test("an end one byte into the scan data, after bytes that read FF D9, is not carried")
    func endInsideTheScanHeaderIsRefused() throws {
        let fixture = try Self.fixture()
        var bytes = fixture.bytes
        let end = fixture.scanHeaderEnd
        bytes[end - 1] = 0xFF
        bytes[end] = 0xD9
        #expect(try Self.carried(bytes, claimedEnd: UInt64(end + 1)) == nil)
    }
}
