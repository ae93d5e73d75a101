import Testing
import BinaryIO
@testable import ISOBMFF

/// A timed-metadata item's size counts its own 8-byte header: a size below 8 is no item, and
/// the reader says so in its own words (the size it read) rather than failing later on a
/// negative byte count.
@Suite("timed metadata items: a size below the 8-byte header is refused as such")
struct MetadataItemTooSmallTests {
    @Test("sizes 0 to 7 are an invalid value naming the size, whatever bytes follow", arguments: 0...7)
    func sizeBelowHeader(_ size: UInt8) throws {
        for sample in [[0, 0, 0, size, 0, 0, 0, 3], [0, 0, 0, size, 0, 0, 0, 3, 0xFF, 0xFF]] {
            let error = Support.expectParseError("size \(size)") { _ = try MetadataSampleItems.read(sample, path: "trak sample 1") }
            #expect(error?.kind == .invalidValue, "size \(size): \(String(describing: error))")
            #expect(error?.message == "a metadata item of \(size) bytes does not fit the sample", "size \(size)")
            #expect(error?.offset == 0 && error?.path == "trak sample 1")
        }
    }
}
