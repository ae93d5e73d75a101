import Testing
import BinaryIO
@testable import ISOBMFF

/// `iinf`'s entry count is 16 bits in version 0: a box of more than 0xFFFF entries is written
/// as version 1 (the smallest version with a 32-bit count), whatever version it was given; up
/// to 0xFFFF it keeps its version.
@Suite("iinf: more than 0xFFFF entries are written as version 1 with a 32-bit count")
struct ItemInfoCountWideningTests {
    static func entries(_ n: Int) -> [ItemInfoEntry] { (1...n).map { ItemInfoEntry(itemID: UInt32($0), itemType: "hvc1") } }

    /// The version/flags word and the count, as written.
    static func head(_ box: ItemInfoBox) -> [UInt8] { Array(box.atom().serialized()[8..<16]) }

    @Test("0x10000 entries in a version 0 box: version 1, count 0x00010000")
    func widenedToVersionOne() {
        let box = ItemInfoBox(version: 0, entries: Self.entries(0x1_0000))
        #expect(Self.head(box) == [1, 0, 0, 0, 0, 1, 0, 0])
        #expect(box.version == 0, "the box itself keeps the version it was given")
    }

    @Test("0xFFFF entries in a version 0 box: version 0, a 16-bit count")
    func versionZeroAtItsLimit() {
        let box = ItemInfoBox(version: 0, entries: Self.entries(0xFFFF))
        #expect(Array(box.atom().serialized()[8..<14]) == [0, 0, 0, 0, 0xFF, 0xFF])
    }
}
