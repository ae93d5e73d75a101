import Testing
import BinaryIO
@testable import ISOBMFF

/// A version 3 live-photo-info record's entry counts are checked against the bytes left: entries
/// that end exactly where the record ends do fit, so what is refused is what is missing after
/// them (the second count, or the 68-byte tail), and the error says that.
@Suite("live-photo-info record: entries that fill the rest fit; what is missing after them is the error")
struct LivePhotoInfoRecordEntryFitTests {
    static func le(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    static let header = le(3) + [UInt8](repeating: 0, count: 40)

    @Test("one first entry filling the rest: truncated at the second count, not a count that does not fit")
    func firstEntriesFillTheRecord() {
        let record = Self.header + Self.le(1) + [UInt8](repeating: 0, count: 32)
        let error = Support.expectParseError("no second count") { _ = try LivePhotoInfoRecord(record, path: "s") }
        #expect(error?.kind == .truncated, "\(String(describing: error))")
        #expect(error?.message.contains("entries do not fit") == false, "\(String(describing: error))")
    }

    @Test("two second entries filling the rest: the record ends 0 bytes before its end, not 68")
    func secondEntriesFillTheRecord() {
        let record = Self.header + Self.le(0) + Self.le(2) + [UInt8](repeating: 0, count: 16 + 64)
        let error = Support.expectParseError("no tail") { _ = try LivePhotoInfoRecord(record, path: "s") }
        #expect(error?.message == "a version 3 live-photo-info record ends 0 bytes before its end, not 68", "\(String(describing: error))")
    }

    @Test("one entry more than the bytes left: the count does not fit")
    func oneEntryTooMany() {
        let record = Self.header + Self.le(2) + [UInt8](repeating: 0, count: 32)
        let error = Support.expectParseError("2 entries in 32 bytes") { _ = try LivePhotoInfoRecord(record, path: "s") }
        #expect(error?.message == "2 live-photo-info entries do not fit the record", "\(String(describing: error))")
    }
}
