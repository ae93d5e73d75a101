import Testing
import BinaryIO
@testable import ISOBMFF

/// A timed-metadata item whose size runs past the end of its sample is refused as such, in
/// the reader's own words (the size it read, where the item starts), before its key or value
/// is read: never a later truncated read of the value.
@Suite("timed metadata items: a size past the sample's end is refused as such")
struct MetadataItemOverrunTests {
    @Test("an item one to four bytes longer than the sample holds: invalid value naming its size, at the item's start",
          arguments: [(9, 0), (12, 3), (10, 1), (12, 0)])
    func sizePastTheEnd(size: UInt8, valueBytes: Int) throws {
        let sample: [UInt8] = [0, 0, 0, size, 0, 0, 0, 1] + [UInt8](repeating: 0xAB, count: valueBytes)
        let error = Support.expectParseError("size \(size), \(valueBytes) value bytes") { _ = try MetadataSampleItems.read(sample, path: "trak sample 1") }
        #expect(error?.kind == .invalidValue, "\(String(describing: error))")
        #expect(error?.message == "a metadata item of \(size) bytes does not fit the sample")
        #expect(error?.offset == 0 && error?.path == "trak sample 1")
    }

    @Test("after a whole first item, a second one byte too long is refused at its own start")
    func secondItemPastTheEnd() throws {
        let first: [UInt8] = [0, 0, 0, 9, 0, 0, 0, 1, 0xFF]
        let error = Support.expectParseError("second item") { _ = try MetadataSampleItems.read(first + [0, 0, 0, 10, 0, 0, 0, 2, 7], path: "s") }
        #expect(error?.kind == .invalidValue && error?.message == "a metadata item of 10 bytes does not fit the sample", "\(String(describing: error))")
        #expect(error?.offset == 9)
    }
}
