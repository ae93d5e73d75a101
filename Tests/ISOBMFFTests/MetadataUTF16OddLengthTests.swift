import Testing
@testable import ISOBMFF

/// A UTF-16 metadata value (well-known type 2) is read two bytes a unit; a stray last byte of an
/// odd-length value is no unit and is left out, never read past the value's end.
@Suite("metadata values: UTF-16 text of an odd byte count")
struct MetadataUTF16OddLengthTests {
    @Test("the whole units are the text; a last lone byte is left out", arguments: [
        ([UInt8](), ""),
        ([0x41], ""),
        ([0, 0x68, 0], "h"),
        ([0, 0x68, 0, 0x69, 0xFF], "hi"),
        ([0, 0x68, 0, 0x69], "hi"),
    ])
    func oddByteLeftOut(bytes: [UInt8], text: String) {
        #expect(MetadataValue(typeIndicator: 2, bytes: bytes) == .string(text), "\(bytes)")
    }
}
