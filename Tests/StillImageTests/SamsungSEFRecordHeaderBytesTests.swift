import Testing
@testable import StillImage

/// The header `convert --samsung` writes before a record's data, in the layout Samsung phones
/// write (little-endian): `u16 0`, `u16 type`, `u32 name length`, then the name. Our reader
/// skips the first u16, so only the bytes show it.
@Suite("Samsung SEF record header: the bytes Samsung writes")
struct SamsungSEFRecordHeaderBytesTests {
    @Test("MotionPhoto_Data: a zero u16, type 0x0A30, name length 16, the name")
    func motionPhotoDataHeader() {
        let header = SamsungSEFTrailer.recordHeader(type: SamsungSEFTrailer.motionPhotoDataType, name: SamsungSEFTrailer.motionPhotoDataName)
        #expect(header == [0, 0, 0x30, 0x0A, 16, 0, 0, 0] + Array("MotionPhoto_Data".utf8))
    }

    @Test("an empty name: the 8 header bytes alone")
    func emptyName() {
        #expect(SamsungSEFTrailer.recordHeader(type: 0x0A01, name: "") == [0, 0, 0x01, 0x0A, 0, 0, 0, 0])
    }
}
