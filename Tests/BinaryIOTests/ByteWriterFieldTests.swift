import Testing
@testable import BinaryIO

/// `ByteWriter` writes each field big-endian in its own width, every byte of the value in
/// place (values chosen with a distinct byte each, so a byte taken from the wrong bits shows),
/// and `zeros` appends zero bytes.
@Suite("ByteWriter: big-endian fields of their own width")
struct ByteWriterFieldTests {
    @Test("u8, u16, u24, u32 and u64 of distinct bytes, then zeros, in order")
    func fieldsInOrder() {
        var w = ByteWriter()
        w.u8(0x01)
        w.u16(0xA1B2)
        w.u24(0x12_3456)
        w.u32(0xC1D2_E3F4)
        w.u64(0x0102_0304_0506_0708)
        w.zeros(3)
        #expect(w.bytes == [0x01, 0xA1, 0xB2, 0x12, 0x34, 0x56, 0xC1, 0xD2, 0xE3, 0xF4, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0])
        #expect(w.count == 21)
    }

    @Test("u24 keeps the high byte of a value above 16 bits; bits above 24 are dropped")
    func u24HighByte() {
        var w = ByteWriter()
        w.u24(0xFF_0000)
        w.u24(0xAB_CD_EF_01)
        #expect(w.bytes == [0xFF, 0x00, 0x00, 0xCD, 0xEF, 0x01])
    }

    @Test("zeros appends that many zero bytes, after what is there; 0 appends nothing")
    func zerosAreZero() {
        var w = ByteWriter()
        w.u8(0xEE)
        w.zeros(0)
        #expect(w.bytes == [0xEE])
        w.zeros(5)
        #expect(w.bytes == [0xEE, 0, 0, 0, 0, 0])
    }
}
