import Testing
@testable import BinaryIO

/// The byte order of a reader's fields: a 24-bit value (a FullBox's flags) is big-endian, each
/// byte in its own place, whatever the reader's order; a sub-reader reads in its parent's order.
@Suite("ByteReader: 24-bit values byte by byte, sub-readers in their parent's byte order")
struct ByteReaderFieldOrderTests {
    static let values: [(bytes: [UInt8], value: UInt32)] = [([0x12, 0x34, 0x56], 0x12_3456), ([0x80, 0x00, 0x01], 0x80_0001),
                                                           ([0x00, 0xFF, 0x00], 0x00_FF00), ([0xFF, 0xFF, 0xFF], 0xFF_FFFF)]

    @Test("three bytes read as one big-endian 24-bit value, for a reader of either byte order", arguments: values)
    func uint24(bytes: [UInt8], value: UInt32) throws {
        for little in [false, true] {
            var r = ByteReader(bytes + [0x99])
            r.littleEndian = little
            #expect(try r.readUInt24() == value, "little-endian reader: \(little)")
            #expect(r.position == 3)
            #expect(try r.readUInt8() == 0x99)
        }
    }

    @Test("a little-endian reader's sub-reader reads little-endian; a big-endian one's big-endian")
    func subReaderKeepsTheOrder() throws {
        for little in [false, true] {
            var r = ByteReader([0xEE, 1, 2, 3, 4, 5, 6, 0xEE])
            r.littleEndian = little
            _ = try r.readUInt8()
            var sub = try r.subReader(6)
            #expect(sub.littleEndian == little)
            #expect(try sub.readUInt16() == (little ? 0x0201 : 0x0102))
            #expect(try sub.readUInt32() == (little ? 0x0605_0403 : 0x0304_0506))
            #expect(try r.readUInt8() == 0xEE)
        }
    }
}
