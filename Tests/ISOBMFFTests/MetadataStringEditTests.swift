import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Setting the identifier in an existing `meta` changes its value and nothing else: other keys
/// (any namespace), other items, sub-boxes the item model does not hold (`mean`, `name`, vendor
/// boxes), every `data` atom's type-set byte and locale stay byte for byte.
@Suite("meta: setting one text item keeps every other byte")
struct MetadataStringEditTests {
    static let key = Movie.contentIdentifierKey
    static let old = "7EF4936E-3840-45DC-BA67-70154919699F"
    static let new = "11111111-2222-3333-4444-555555555555"

    static func keyEntry(_ ns: FourCC, _ name: String) -> [UInt8] { Support.u32(UInt32(8 + name.utf8.count)) + ns.bytes + Array(name.utf8) }
    static func data(typeSet: UInt8 = 0, type: UInt32, locale: UInt32 = 0, _ value: [UInt8]) -> [UInt8] {
        Support.box("data", Support.u32(UInt32(typeSet) << 24 | type) + Support.u32(locale) + value)
    }

    /// A `meta` whose identifier (key 3) is `identifier`, written in two `data` atoms with a
    /// type-set byte and locales, next to a vendor box; key 2 has another namespace; item 1
    /// carries `mean`/`name`; a `free` box follows `ilst`.
    static func meta(identifier: String) -> [UInt8] {
        var hdlr = ByteWriter()
        hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("mdta"); hdlr.append([UInt8](repeating: 0, count: 12)); hdlr.u8(0)
        let keys = Support.box("keys", Support.u32(0) + Support.u32(3)
            + keyEntry("mdta", "com.apple.quicktime.make") + keyEntry("udta", "org.example.vendor") + keyEntry("mdta", key))
        let item1 = Support.box(FourCC(1), Support.box("mean", Support.u32(0) + Array("com.apple.iTunes".utf8))
            + Support.box("name", Support.u32(0) + Array("make".utf8)) + data(typeSet: 0, type: 1, locale: 0x1555_0000, Array("Apple".utf8)))
        let item2 = Support.box(FourCC(2), data(typeSet: 0x01, type: 21, locale: 0x0000_0101, [0xFF, 0xFB])
            + data(type: 0, [9, 8, 7]))
        let item3 = Support.box(FourCC(3), Support.box("xtra", [1, 2, 3, 4])
            + data(typeSet: 0, type: 1, locale: 0x1555_0000, Array(identifier.utf8))
            + data(typeSet: 0, type: 1, locale: 0x656E_0000, Array(identifier.utf8)))
        let ilst = Support.box("ilst", item1 + item2 + item3)
        return Support.box("meta", Support.box("hdlr", hdlr.bytes) + keys + ilst + Support.box("free", [0, 0, 0, 0]))
    }

    @Test("the identifier's value changes; keys, other items, sub-boxes, type-set bytes and locales stay byte for byte")
    func onlyTheValueChanges() throws {
        let meta = try Support.parseAtom(Self.meta(identifier: Self.old))
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: meta, path: "meta")
        #expect(meta.serialized() == Self.meta(identifier: Self.new))
        let parsed = try #require(try QuickTimeMetadata(meta: try Support.parseAtom(meta.serialized()), path: "meta"))
        #expect(parsed.items.filter { $0.key == Self.key }.map(\.locale) == [0x1555_0000, 0x656E_0000])
        #expect(parsed.items.filter { $0.key == Self.key }.allSatisfy { $0.decoded == .string(Self.new) })
    }

    @Test("an identifier written as UTF-16 becomes UTF-8 text, keeping its locale and the item's other boxes")
    func otherTextTypeBecomesUTF8() throws {
        let utf16 = Array(Self.old.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let keys = Support.box("keys", Support.u32(0) + Support.u32(1) + Self.keyEntry("mdta", Self.key))
        let vendor = Support.box("xtra", [7])
        func build(_ dataBox: [UInt8]) -> [UInt8] {
            Support.box("meta", Support.box("hdlr", Support.u32(0) + Support.u32(0) + FourCC("mdta").bytes + [UInt8](repeating: 0, count: 13))
                + keys + Support.box("ilst", Support.box(FourCC(1), vendor + dataBox)))
        }
        let meta = try Support.parseAtom(build(Self.data(typeSet: 0, type: 2, locale: 0x1555_0000, utf16)))
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: meta, path: "meta")
        #expect(meta.serialized() == build(Self.data(type: 1, locale: 0x1555_0000, Array(Self.new.utf8))))
    }

    @Test("a missing key is added after the others, its item after the others; a key without an item gets one")
    func missingKeyAndItemAreAdded() throws {
        var hdlr = ByteWriter()
        hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("mdta"); hdlr.append([UInt8](repeating: 0, count: 13))
        let make = Self.keyEntry("mdta", "com.apple.quicktime.make")
        let item1 = Support.box(FourCC(1), Support.box("name", [0, 0, 0, 0, 0x6D]) + Self.data(type: 1, locale: 0x1555_0000, Array("Apple".utf8)))
        let newItem = Support.box(FourCC(2), Self.data(type: 1, Array(Self.new.utf8)))

        // No identifier key at all: one key entry and one item are appended.
        let without = try Support.parseAtom(Support.box("meta", Support.box("hdlr", hdlr.bytes)
            + Support.box("keys", Support.u32(0) + Support.u32(1) + make) + Support.box("ilst", item1)))
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: without, path: "meta")
        #expect(without.serialized() == Support.box("meta", Support.box("hdlr", hdlr.bytes)
            + Support.box("keys", Support.u32(0) + Support.u32(2) + make + Self.keyEntry("mdta", Self.key))
            + Support.box("ilst", item1 + newItem)))

        // The key is there but no item uses it: its index is used, the key table is not touched.
        let keys = Support.box("keys", Support.u32(0) + Support.u32(2) + make + Self.keyEntry("mdta", Self.key))
        let keyOnly = try Support.parseAtom(Support.box("meta", Support.box("hdlr", hdlr.bytes) + keys + Support.box("ilst", item1)))
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: keyOnly, path: "meta")
        #expect(keyOnly.serialized() == Support.box("meta", Support.box("hdlr", hdlr.bytes) + keys + Support.box("ilst", item1 + newItem)))

        // Only a handler: keys and ilst are created after it.
        let bare = try Support.parseAtom(Support.box("meta", Support.box("hdlr", hdlr.bytes)))
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: bare, path: "meta")
        let parsed = try #require(try QuickTimeMetadata(meta: try Support.parseAtom(bare.serialized()), path: "meta"))
        #expect(bare.children?.map(\.type) == ["hdlr", "keys", "ilst"])
        #expect(parsed.items == [.init(key: Self.key, typeIndicator: 1, value: Array(Self.new.utf8))])
    }

    @Test("a damaged item is a typed error naming the ilst, not a silent rebuild")
    func damagedItemIsAnError() throws {
        let keys = Support.box("keys", Support.u32(0) + Support.u32(1) + Self.keyEntry("mdta", Self.key))
        // Item 1's data atom claims 200 bytes inside a 20-byte item.
        let badItem = Support.box(FourCC(1), Support.u32(200) + FourCC("data").bytes + [0, 0, 0, 1])
        let meta = try Support.parseAtom(Support.box("meta", Support.box("hdlr", Support.u32(0) + Support.u32(0) + FourCC("mdta").bytes + [UInt8](repeating: 0, count: 13))
            + keys + Support.box("ilst", badItem)))
        let error = try #require(throws: ParseError.self) { try MetadataStringEdit.set(Self.new, forKey: Self.key, in: meta, path: "moov/meta") }
        #expect(error.path.hasPrefix("moov/meta/ilst"))
    }

    @Test("the iPhone 15 movie's moov/meta: only the identifier's bytes differ after the edit",
          .requires(.corpusFile("iphone-movie/iphone15-livephoto.MOV")))
    func iPhoneMovieMeta() throws {
        let file = try MovieFile.open(path: Support.corpusFile("iphone-movie/iphone15-livephoto.MOV"))
        let meta = try #require(file.movie.moov.child("meta"))
        let before = meta.serialized()
        #expect(file.movie.metadata?.stringValue(forKey: Self.key) == Self.old)
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: meta, path: "moov/meta")
        let after = meta.serialized()
        // The expected bytes: the original with each copy of the old identifier's value replaced.
        let oldBytes = Array(Self.old.utf8), newBytes = Array(Self.new.utf8)
        var expected = before, copies = 0, i = 0
        while i + oldBytes.count <= expected.count {
            if Array(expected[i..<i + oldBytes.count]) == oldBytes {
                expected.replaceSubrange(i..<i + oldBytes.count, with: newBytes); copies += 1; i += oldBytes.count
            } else { i += 1 }
        }
        #expect(copies == 1)
        #expect(after == expected)
        let old = try #require(file.movie.metadata).items.filter { $0.key != Self.key }
        let new = try #require(try QuickTimeMetadata(meta: try Support.parseAtom(after), path: "meta"))
        #expect(new.items.filter { $0.key != Self.key } == old)
        #expect(new.stringValue(forKey: Self.key) == Self.new)
    }
}
