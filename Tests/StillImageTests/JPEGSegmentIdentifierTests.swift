import Testing
@testable import StillImage

/// An APPn segment's identifier: its leading printable ASCII (0x20 through 0x7E, the space
/// included, as in Photoshop's "Photoshop 3.0") up to the first byte outside that range.
@Suite("JPEG segment identifiers: printable ASCII up to the first NUL")
struct JPEGSegmentIdentifierTests {
    static func app(_ n: UInt8, _ payload: [UInt8]) -> JPEGSegment {
        JPEGSegment(marker: 0xE0 + n, offset: 2, payloadLength: payload.count, payloadPrefix: payload)
    }

    @Test("identifiers as the writers spell them, spaces and the last printable character kept",
          arguments: [(13, "Photoshop 3.0"), (1, "Exif"), (2, "ICC_PROFILE"), (1, "http://ns.adobe.com/xap/1.0/"), (14, "Adobe"), (11, " ~lead and tail~ ")])
    func writersIdentifiers(_ n: Int, _ name: String) {
        let segment = Self.app(UInt8(n), Array(name.utf8) + [0, 0x20, 0x41])
        #expect(segment.identifier == name)
    }

    @Test("a byte below 0x20 or from 0x7F on ends the identifier; none at all is nil",
          arguments: [UInt8(0x00), 0x09, 0x1F, 0x7F, 0x80, 0xFF])
    func stops(_ byte: UInt8) {
        #expect(Self.app(1, Array("MPF".utf8) + [byte] + Array("tail".utf8)).identifier == "MPF")
        #expect(Self.app(1, [byte] + Array("tail".utf8)).identifier == nil)
    }

    @Test("segments that are not APPn have no identifier")
    func notAPP() {
        #expect(JPEGSegment(marker: 0xFE, offset: 2, payloadLength: 4, payloadPrefix: Array("note".utf8)).identifier == nil)
        #expect(JPEGSegment(marker: 0xDB, offset: 2, payloadLength: 4, payloadPrefix: Array("Exif".utf8)).identifier == nil)
    }
}
