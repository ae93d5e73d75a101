import Testing
import BinaryIO
@testable import ISOBMFF

/// A box of size 0 that no longer ends the file gets an explicit size: an 8-byte header while
/// the whole box (header included) fits a 32-bit size, 4 GiB - 1 bytes at most, else 16; a
/// `uuid` box's extended type comes on top and counts in that size.
@Suite("explicit box size: 8-byte header up to a box of exactly UInt32.max bytes, 16 past it")
struct ExplicitHeaderSizeBoundTests {
    static func header(payload: UInt64, uuid: Bool) -> BoxHeader {
        let headerSize = 8 + (uuid ? 16 : 0)
        return BoxHeader(type: uuid ? "uuid" : "mdat", offset: 0, size: payload + UInt64(headerSize), headerSize: headerSize,
                         userType: uuid ? [UInt8](repeating: 7, count: 16) : nil, runsToEnd: true)
    }

    @Test("mdat: 8 up to a box of UInt32.max bytes, 16 from one byte more")
    func plainBox() {
        let limit = UInt64(UInt32.max)
        #expect(MovieLayout.explicitHeaderSize(Self.header(payload: 0, uuid: false)) == 8)
        #expect(MovieLayout.explicitHeaderSize(Self.header(payload: limit - 8, uuid: false)) == 8)
        #expect(MovieLayout.explicitHeaderSize(Self.header(payload: limit - 7, uuid: false)) == 16)
    }

    @Test("uuid: 24 up to a box of UInt32.max bytes, 32 from one byte more")
    func uuidBox() {
        let limit = UInt64(UInt32.max)
        #expect(MovieLayout.explicitHeaderSize(Self.header(payload: 0, uuid: true)) == 24)
        #expect(MovieLayout.explicitHeaderSize(Self.header(payload: limit - 24, uuid: true)) == 24)
        #expect(MovieLayout.explicitHeaderSize(Self.header(payload: limit - 23, uuid: true)) == 32)
    }

    @Test("the header written at the bound holds the box's size in its 32-bit field")
    func writtenAtTheBound() {
        let limit = UInt64(UInt32.max)
        let box = Self.header(payload: limit - 8, uuid: false)
        var w = ByteWriter()
        BoxHeader.write(type: box.type, size: UInt64(MovieLayout.explicitHeaderSize(box)) + box.payloadSize, into: &w)
        #expect(w.bytes == [0xFF, 0xFF, 0xFF, 0xFF] + Array("mdat".utf8))
    }
}
