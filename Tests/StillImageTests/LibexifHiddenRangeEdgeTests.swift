import Testing
import BinaryIO
@testable import StillImage

/// The range handed to `ExifBlock` is zeroed before libexif loads the payload wherever it lies
/// inside it, the payload's first byte and its last byte included.
@Suite("libexif: a hidden range at either end of the payload is zeroed")
struct LibexifHiddenRangeEdgeTests {
    /// IFD0 holding only Make "Apple": its 6 value bytes are the payload's last 6.
    static func payload() -> [UInt8] {
        var e = SyntheticEXIF()
        e.ifd0 = [e.ascii(0x010F, "Apple")]
        return e.payload
    }

    @Test("the last 6 bytes (Make's value) hidden: libexif reads no Make; not hidden, \"Apple\"")
    func rangeEndingAtTheLastByte() throws {
        let payload = Self.payload()
        try #require(Array(payload.suffix(6)) == Array("Apple".utf8) + [0])
        #expect(try ExifBlock(payload: payload, hidingMakerNoteAt: nil).make == "Apple")
        #expect(try ExifBlock(payload: payload, hidingMakerNoteAt: payload.count - 6 ..< payload.count).make == nil)
    }

    @Test("the first 6 bytes (\"Exif\\0\\0\") hidden: libexif finds no EXIF header and reads nothing")
    func rangeStartingAtTheFirstByte() throws {
        let payload = Self.payload()
        let block = try ExifBlock(payload: payload, hidingMakerNoteAt: 0..<6)
        #expect(block.make == nil)
        #expect(try ExifBlock(payload: payload, hidingMakerNoteAt: 6..<6).make == "Apple", "an empty range hides nothing")
    }
}
