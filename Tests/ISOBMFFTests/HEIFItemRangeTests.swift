import Foundation
import Testing
import BinaryIO
import PropertyBased
import TestSupport
@testable import ISOBMFF

/// Where an item's bytes lie: base offset plus extent offset, its length (0: to the end of
/// the file), inside the file. The boundaries are exact: an extent may start at the very end
/// when it is empty (length 0 there reads nothing), and may end exactly at the end; a byte
/// more either way is refused, naming the item.
@Suite("HEIF item ranges: exact bounds, any offset and length")
struct HEIFItemRangeTests {
    @Test("for any base offset, extent offset and length around the file's end: accepted exactly when inside, with that range")
    func boundsAreExact() async throws {
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let size = file.source.size
        await propertyCheck(count: 400, input: Gen.nearEnds(in: 0...3), Gen.nearEnds(in: -3...3), Gen.nearEnds(in: 0...4)) { base, back, length in
            // Offsets at and around the end, split between the base and the extent.
            let start = UInt64(Int(size) + back)
            let item = ItemLocationBox.Item(itemID: 9, baseOffset: UInt64(base), extents: [.init(offset: start - UInt64(base), length: UInt64(length))])
            let end = length == 0 ? size : start + UInt64(length)
            let inside = start <= size && end <= size
            do {
                let ranges = try file.dataRanges(of: item)
                #expect(inside && ranges == [start..<end], "start \(start), length \(length), size \(size): \(ranges)")
            } catch let error as ParseError {
                #expect(!inside, "start \(start), length \(length), size \(size): refused, \(error)")
                #expect(error.kind == .truncated && error.path == "meta/iloc/item[9]", "\(error)")
            } catch {
                Issue.record("not a ParseError: \(error)")
            }
        }
    }

    @Test("an empty extent at the very end reads no bytes")
    func emptyExtentAtTheEnd() throws {
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let item = ItemLocationBox.Item(itemID: 9, extents: [.init(offset: file.source.size, length: 0)])
        #expect(try file.dataRanges(of: item) == [file.source.size..<file.source.size])
        #expect(try file.bytes(of: item, maximum: 16) == [])
    }

    @Test("an item of exactly the bytes asked for at most is read; one byte fewer allowed refuses it, naming the item")
    func maximumIsExact() throws {
        let file = try HEIFFile.open(path: Support.fixture("still-heic.heic"))
        let id = try #require(file.exifItemID)
        let size = try file.itemBytes(id).count
        #expect(try file.itemBytes(id, maximum: size).count == size)
        let error = #expect(throws: ParseError.self) { _ = try file.itemBytes(id, maximum: size - 1) }
        #expect(error?.kind == .tooLarge && error?.path == "meta/iloc/item[\(id)]", "\(String(describing: error))")
        #expect(error?.message.contains("holds \(size) bytes, more than the \(size - 1) read for it") == true, "\(String(describing: error))")
    }
}
