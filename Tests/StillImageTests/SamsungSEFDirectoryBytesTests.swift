import Testing
import TestSupport
@testable import StillImage

/// The `SEFH` directory `convert --samsung` writes, byte for byte, in the layout Samsung phones
/// write and exiftool's Samsung module reads (all little-endian): "SEFH", version 107, the
/// record count, per record `u16 0, u16 type, u32 offset back from SEFH, u32 length`, then the
/// directory's size and "SEFT". Our reader skips each record's first u16, so only the bytes
/// show it.
@Suite("Samsung SEF directory: the bytes Samsung writes")
struct SamsungSEFDirectoryBytesTests {
    @Test("two records: every field in its place, each record's first u16 zero")
    func twoRecords() {
        let bytes = SamsungSEFTrailer.directoryAndFooter(records: [(type: 0x0A30, back: 0x0102_0304, length: 0x0A0B_0C0D),
                                                                   (type: 0x0A01, back: 20, length: 20)])
        let expected: [UInt8] = Array("SEFH".utf8) + [107, 0, 0, 0] + [2, 0, 0, 0]
            + [0, 0, 0x30, 0x0A, 0x04, 0x03, 0x02, 0x01, 0x0D, 0x0C, 0x0B, 0x0A]
            + [0, 0, 0x01, 0x0A, 20, 0, 0, 0, 20, 0, 0, 0]
            + [36, 0, 0, 0] + Array("SEFT".utf8)
        #expect(bytes == expected)
    }

    @Test("no records: the header, a count of 0, size 12")
    func noRecords() {
        #expect(SamsungSEFTrailer.directoryAndFooter(records: []) == Array("SEFH".utf8) + [107, 0, 0, 0, 0, 0, 0, 0, 12, 0, 0, 0] + Array("SEFT".utf8))
    }
}
