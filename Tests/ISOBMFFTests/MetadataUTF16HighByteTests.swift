import Testing
@testable import ISOBMFF

/// A UTF-16 metadata value (well-known type 2) is big-endian: each unit is its first byte times
/// 256 plus its second, so text outside ASCII (a unit whose high byte is not 0) reads as written.
@Suite("metadata values: UTF-16 units with a high byte")
struct MetadataUTF16HighByteTests {
    @Test("big-endian units beyond ASCII read as their characters", arguments: [
        ([0x20, 0xAC], "€"),
        ([0x00, 0xE9, 0x4E, 0x2D], "é中"),
        ([0xFF, 0xFD], "\u{FFFD}"),
        ([0xD8, 0x3D, 0xDE, 0x00, 0x00, 0x21], "😀!"),
    ] as [([UInt8], String)])
    func highByteUnits(bytes: [UInt8], text: String) {
        #expect(MetadataValue(typeIndicator: 2, bytes: bytes) == .string(text), "\(bytes)")
    }
}
