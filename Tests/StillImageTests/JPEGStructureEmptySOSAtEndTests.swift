import BinaryIO
import Testing
@testable import StillImage

/// A segment's length field is its two bytes after the marker, no more: an SOS whose length
/// field (2, no payload) is the file's last two bytes is a whole segment and the scan starts
/// at it; a file cut inside those two bytes is truncated.
@Suite("JPEG segment reader: an SOS of length 2 ending the file")
struct JPEGStructureEmptySOSAtEndTests {
    @Test("FF D8 FF DA 00 02: one SOS segment of no payload, the scan starting at 2")
    func emptySOSAtTheEnd() throws {
        let s = try JPEGStructureTests.read([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])
        #expect(s.segments.map(\.name) == ["SOS"])
        #expect(s.segments.first?.payloadLength == 0 && s.segments.first?.offset == 2)
        #expect(s.scanStart == 2 && s.fileSize == 6)
    }

    @Test("FF D8 FF DA 00: cut inside the length field, a truncated error at JPEG/SOS")
    func cutLengthField() throws {
        let error = try #require(JPEGStructureTests.parseError([0xFF, 0xD8, 0xFF, 0xDA, 0x00]))
        #expect(error.kind == .truncated && error.path == "JPEG/SOS", "\(error)")
    }
}
