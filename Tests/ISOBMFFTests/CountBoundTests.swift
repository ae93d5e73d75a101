import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// The fixed bounds that keep hostile counts cheap, at their edge: the bound itself is read,
/// one more is refused with the message naming it.
@Suite("Count bounds: the bound is read, one more refused")
struct CountBoundTests {
    @Test func itemInfoEntries() throws {
        let n = HEIFFile.maximumItems
        let entries = (1...n).map { ItemInfoEntry(itemID: UInt32($0), itemType: "hvc1") }
        let read = try ItemInfoBox(Support.parseAtom(ItemInfoBox(version: 1, entries: entries).atom().serialized()), path: "meta/iinf")
        #expect(read.entries.count == n && read.entries.last?.itemID == UInt32(n))
        let over = ItemInfoBox(version: 1, entries: entries + [ItemInfoEntry(itemID: UInt32(n + 1), itemType: "hvc1")]).atom().serialized()
        let e = Support.expectParseError("one item more") { _ = try ItemInfoBox(Support.parseAtom(over), path: "meta/iinf") }
        #expect(e?.message == "\(n + 1) items: more than the \(n) read")
    }

    @Test func editListEntries() throws {
        let n = Int(EditList.maximumEntries)
        let entries = [EditList.Entry](repeating: .init(duration: 1, mediaTime: 0, rate: 0x10000), count: n)
        let read = try EditList(Support.parseAtom(EditList(entries: entries).atom().serialized()), path: "moov/trak/edts/elst")
        #expect(read.entries.count == n)
        let over = EditList(entries: entries + [entries[0]]).atom().serialized()
        let e = Support.expectParseError("one edit more") { _ = try EditList(Support.parseAtom(over), path: "moov/trak/edts/elst") }
        #expect(e?.message == "edit count \(n + 1) exceeds \(n)")
    }

    /// A `meta` of `count` empty `free` boxes after a file type.
    static func heif(metaChildren count: Int, in dir: TempDir) throws -> String {
        let ftyp = Atom(type: "ftyp", payload: Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)).serialized()
        let meta = Atom(type: "meta", prefix: [0, 0, 0, 0], children: (0..<count).map { _ in Atom(type: "free", payload: []) }).serialized()
        return try dir.write("meta-\(count).heic", ftyp + meta)
    }

    @Test func metaChildren() throws {
        let dir = try TempDir()
        let n = HEIFFile.maximumMetaChildren
        let over = Support.expectParseError("one box more") { _ = try HEIFFile.open(path: try Self.heif(metaChildren: n + 1, in: dir)) }
        #expect(over?.message == "more than \(n) boxes in meta")
        // The bound itself passes the count (and is refused later, for what it lacks).
        let at = Support.expectParseError("no handler") { _ = try HEIFFile.open(path: try Self.heif(metaChildren: n, in: dir)) }
        #expect(at != nil && at?.message != over?.message, "\(String(describing: at))")
    }
}
