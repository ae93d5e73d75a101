import BinaryIO
import Foundation
import Testing
@testable import ISOBMFF

/// An `infe` of a version after 3 (none is defined yet) cannot give its item id: lenient on
/// read, the file still opens, the entry is carried byte for byte at its place in `iinf`, and
/// only an edit that must choose a new item id (which that entry may hold) is refused.
@Suite("iinf: entries of an unknown version")
struct UnreadItemEntryTests {
    /// The builder's HEIF with the `infe` of item `id` given `version` (same length: the
    /// version is one byte, and what follows it is carried, not read).
    static func heif(withEntryOf id: UInt16, version: UInt8) throws -> [UInt8] {
        var bytes: [UInt8] = HEIFHostileTests.heif(items: [(1, "hvc1", [1, 2, 3]), (2, "mime", [4, 5]), (3, "hvc1", [6])])
        let infe = Array("infe".utf8)
        let idBytes: [UInt8] = [UInt8(id >> 8), UInt8(id & 0xFF)]
        let found: Int? = (0..<bytes.count - 10).first { (i: Int) -> Bool in
            Array(bytes[i..<i + 4]) == infe && Array(bytes[i + 8..<i + 10]) == idBytes
        }
        let at = try #require(found)
        bytes[at + 4] = version
        return bytes
    }

    static func iinfBytes(_ bytes: [UInt8]) throws -> [UInt8] {
        let iinf = Array("iinf".utf8)
        let found: Int? = (4..<bytes.count - 4).first { (i: Int) -> Bool in Array(bytes[i..<i + 4]) == iinf }
        let at = try #require(found) - 4
        return Array(bytes[at..<at + Int(Support.readU32(bytes, at: at))])
    }

    @Test(arguments: [4, 5, 0xFF] as [UInt8])
    func carriedAtItsPlace(version: UInt8) throws {
        let bytes = try Self.heif(withEntryOf: 2, version: version)
        let file = try HEIFHostileTests.open(bytes)
        #expect(file.itemInfo.entries.map(\.itemID) == [1, 3])
        #expect(file.itemInfo.unreadEntries.map(\.position) == [1])
        #expect(file.itemInfo.unreadEntries.first?.version == version)
        // One definition reads and writes: the box written back is the box read.
        #expect(file.itemInfo.atom().serialized() == (try Self.iinfBytes(bytes)))
        #expect(try file.itemBytes(3) == [6])
    }

    /// Version 3 (a 32-bit id) is the newest read.
    @Test func versionThreeIsRead() throws {
        let file = try HEIFHostileTests.open(HEIFHostileTests.heif(items: [(1, "hvc1", [1]), (0x1_0000, "mime", [2])], ilocVersion: 2))
        #expect(file.itemInfo.entries.map(\.version) == [2, 3] && file.itemInfo.unreadEntries.isEmpty)
    }

    /// The primary item's own entry unread: the file has no primary to pair, refused by name.
    @Test func primaryEntryUnreadIsRefused() throws {
        let error = Support.expectParseError("primary unread") { _ = try HEIFHostileTests.open(try Self.heif(withEntryOf: 1, version: 4)) }
        #expect(error?.message == "the primary item 1 is not in the item list", "\(String(describing: error))")
    }

    @Test func aNewItemIsRefusedReplacingIsNot() throws {
        let file = try HEIFHostileTests.open(try Self.heif(withEntryOf: 2, version: 4))
        let exif: [UInt8] = [0, 0, 0, 6] + Array("Exif".utf8) + [0, 0, 0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
        let error = Support.expectParseError("new item") {
            _ = try HEIFItemEdit(file: file, replacing: nil, newItem: .init(type: "Exif", describes: 1), data: exif, allowInPlace: false)
        }
        #expect(error?.kind == .unsupported && error?.path == "meta/iinf/infe[2]", "\(String(describing: error))")
        #expect(error?.message == "item entry 2 is an infe of version 4, whose item id is not read: no new item id can be chosen")
        let replaced = try HEIFItemEdit(file: file, replacing: 3, newItem: nil, data: [7, 7], allowInPlace: false)
        #expect(replaced.itemID == 3)
    }
}
