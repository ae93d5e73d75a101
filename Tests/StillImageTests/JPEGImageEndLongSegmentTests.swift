import BinaryIO
import Foundation
import Testing
@testable import StillImage

/// A segment between scans is skipped by its 16-bit big-endian length, high byte first: a
/// segment of 256 bytes or more (a COM, a large DHT) is skipped to its real end, so the EOI
/// right after it ends the image, not an `FF D9` inside the segment or further on.
@Suite("JPEG image end: a segment between scans of length 0x0102 is skipped by 258 bytes")
struct JPEGImageEndLongSegmentTests {
    @Test("SOS, data, a COM of length 0x0102 holding FF D9, EOI at 274, 300 zeros, FF D9: the image ends at 276")
    func lengthHighByteCounts() throws {
        let dir = try TempDir()
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 0x3F, 0]
        var bytes: [UInt8] = [0xFF, 0xD8] + sos + [0x12, 0x34]
        let com = bytes.count
        // The comment's text holds FF D9 (text, not a marker) 150 bytes in.
        var text = [UInt8](repeating: 0x5A, count: 256)
        text[150] = 0xFF; text[151] = 0xD9
        bytes += [0xFF, 0xFE, 0x01, 0x02] + text
        let eoi = bytes.count
        try #require(eoi == com + 2 + 0x0102 && eoi == 274)
        bytes += [0xFF, 0xD9] + [UInt8](repeating: 0x00, count: 300) + [0xFF, 0xD9]
        let source = try JPEGTrailerTests.write(bytes, dir)
        #expect(try JPEGImageEnd.find(source, structure: JPEGStructure.read(source)) == 276)
    }
}
