import Testing
import BinaryIO
@testable import ISOBMFF

/// Setting a text item opens an `ilst` or an `ilst` item that reached it as a leaf (its bytes
/// kept whole, as a caller or a parse that stopped short hands it over): both are containers
/// whose children start at their first byte, so their children are read from the bytes and
/// edited, and the `meta` writes back as if it had been opened from the start.
@Suite("meta: a text item set inside an ilst or item kept as bytes")
struct MetadataLeafContainerEditTests {
    static let key = Movie.contentIdentifierKey
    static let old = "7EF4936E-3840-45DC-BA67-70154919699F"
    static let new = "11111111-2222-3333-4444-555555555555"

    static func hdlr() -> [UInt8] {
        Support.box("hdlr", Support.u32(0) + Support.u32(0) + FourCC("mdta").bytes + [UInt8](repeating: 0, count: 13))
    }
    static func keys() -> [UInt8] {
        Support.box("keys", Support.u32(0) + Support.u32(1) + Support.u32(UInt32(8 + key.utf8.count)) + FourCC("mdta").bytes + Array(key.utf8))
    }
    static func item(_ identifier: String) -> [UInt8] {
        Support.box(FourCC(1), Support.box("data", Support.u32(1) + Support.u32(0) + Array(identifier.utf8)))
    }
    static func meta(_ identifier: String) -> [UInt8] {
        Support.box("meta", hdlr() + keys() + Support.box("ilst", item(identifier)))
    }

    @Test("an ilst kept as bytes: opened, the identifier set, every other byte as before")
    func leafItemList() throws {
        let meta = try Support.parseAtom(Self.meta(Self.old))
        let at = try #require(meta.children?.firstIndex { $0.type == "ilst" })
        meta.children?[at] = Atom(type: "ilst", payload: Self.item(Self.old))
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: meta, path: "meta")
        #expect(meta.serialized() == Self.meta(Self.new))
        #expect(try QuickTimeMetadata(meta: try Support.parseAtom(meta.serialized()), path: "meta")?.stringValue(forKey: Self.key) == Self.new)
    }

    @Test("an ilst item kept as bytes: opened, its data atom set, every other byte as before")
    func leafItem() throws {
        let meta = try Support.parseAtom(Self.meta(Self.old))
        let ilst = try #require(meta.child("ilst"))
        ilst.children = [Atom(type: FourCC(1), payload: Support.box("data", Support.u32(1) + Support.u32(0) + Array(Self.old.utf8)))]
        try MetadataStringEdit.set(Self.new, forKey: Self.key, in: meta, path: "meta")
        #expect(meta.serialized() == Self.meta(Self.new))
    }
}
