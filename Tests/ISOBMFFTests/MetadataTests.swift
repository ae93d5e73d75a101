import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

@Suite("QuickTime and ISO meta, mdta metadata")
struct MetadataTests {
    static let identifier = "83599CB7-66F5-4CE1-AE92-EEFD988AB08A"

    static func sampleItems() -> [QuickTimeMetadata.Item] {
        var w = ByteWriter()
        w.u32(Float(0.75).bitPattern)
        let float32 = w.bytes
        w = ByteWriter(); w.u64((-2.5 as Double).bitPattern)
        let float64 = w.bytes
        return [
            .init(key: Movie.contentIdentifierKey, typeIndicator: 1, value: Array(identifier.utf8)),
            .init(key: "com.apple.quicktime.make", typeIndicator: 1, locale: 0x1555_0000, value: Array("Äpple ✓".utf8)),
            .init(key: "com.apple.quicktime.live-photo.vitality-scoring-version", typeIndicator: 21, value: [0xFF, 0xFF, 0xFF, 0xFB]),
            .init(key: "com.apple.quicktime.live-photo.auto", typeIndicator: 75, value: [1]),
            .init(key: "com.apple.quicktime.live-photo.vitality-score", typeIndicator: 23, value: float32),
            .init(key: "org.example.double", typeIndicator: 24, value: float64),
            .init(key: "org.example.signed8", typeIndicator: 65, value: [0xFF]),
            .init(key: "org.example.blob", namespace: "udta", typeIndicator: 0, value: [0, 1, 2, 3]),
        ]
    }

    @Test("items → metaAtom() → bytes → parse → the same items")
    func roundTrip() throws {
        let items = Self.sampleItems()
        let metadata = QuickTimeMetadata(items: items)
        let meta = metadata.metaAtom()
        #expect(meta.prefix.isEmpty, "metaAtom() writes QuickTime form")
        #expect(meta.children?.map(\.type) == ["hdlr", "keys", "ilst"])
        let bytes = meta.serialized()
        let parsed = try Support.parseAtom(bytes)
        #expect(parsed.prefix.isEmpty)
        #expect(parsed.children?.map(\.type) == ["hdlr", "keys", "ilst"])
        #expect(parsed.serialized() == bytes)
        let back = try #require(try QuickTimeMetadata(meta: parsed, path: "meta"))
        #expect(back.items == items)

        #expect(back.stringValue(forKey: Movie.contentIdentifierKey) == Self.identifier)
        #expect(back.stringValue(forKey: "com.apple.quicktime.make") == "Äpple ✓")
        #expect(back.item(forKey: "com.apple.quicktime.make")?.locale == 0x1555_0000)
        #expect(back.item(forKey: "com.apple.quicktime.live-photo.vitality-scoring-version")?.decoded == .integer(-5))
        #expect(back.item(forKey: "com.apple.quicktime.live-photo.auto")?.decoded == .unsignedInteger(1))
        #expect(back.item(forKey: "com.apple.quicktime.live-photo.vitality-score")?.decoded == .float(0.75))
        #expect(back.item(forKey: "org.example.double")?.decoded == .float(-2.5))
        #expect(back.item(forKey: "org.example.signed8")?.decoded == .integer(-1))
        #expect(back.item(forKey: "org.example.blob")?.decoded == .data([0, 1, 2, 3]))
        #expect(back.item(forKey: "org.example.blob")?.namespace == "udta")
        #expect(back.stringValue(forKey: "org.example.blob") == nil)
        #expect(back.item(forKey: "missing") == nil)
    }

    @Test("keys are shared by items with the same key; setString replaces them all")
    func keysAndSetString() throws {
        var md = QuickTimeMetadata(items: [
            .init(key: "a", typeIndicator: 1, value: Array("one".utf8)),
            .init(key: "b", typeIndicator: 1, value: Array("two".utf8)),
            .init(key: "a", typeIndicator: 1, value: Array("three".utf8)),
        ])
        let (keys, index) = md.keysAtom()
        #expect(index == ["a": 1, "b": 2])
        #expect(Support.readU32(keys.payload, at: 4) == 2)
        var back = try #require(try QuickTimeMetadata(meta: try Support.parseAtom(md.metaAtom().serialized()), path: "meta"))
        #expect(back.items == md.items)

        md.setString("new", forKey: "a")
        #expect(md.items.map(\.key) == ["a", "b"])
        #expect(md.stringValue(forKey: "a") == "new")
        md.setString("x", forKey: "c")
        #expect(md.items.map(\.key) == ["a", "b", "c"])
        back = try #require(try QuickTimeMetadata(meta: try Support.parseAtom(md.metaAtom().serialized()), path: "meta"))
        #expect(back.items == md.items)

        // Identical duplicates collapse too.
        var dup = QuickTimeMetadata(items: [
            .init(key: "a", typeIndicator: 1, value: Array("same".utf8)),
            .init(key: "a", typeIndicator: 1, value: Array("same".utf8)),
        ])
        dup.setString("same", forKey: "a")
        #expect(dup.items.count == 1)
    }

    /// hdlr + keys + ilst for one content identifier.
    static func metaChildren(handler: FourCC = "mdta", identifier: String = identifier) -> [UInt8] {
        let md = QuickTimeMetadata(items: [.init(key: Movie.contentIdentifierKey, typeIndicator: 1, value: Array(identifier.utf8))])
        let (keys, index) = md.keysAtom()
        var hdlr = ByteWriter()
        hdlr.u32(0); hdlr.u32(0); hdlr.fourCC(handler); hdlr.zeros(12); hdlr.u8(0)
        return Support.box("hdlr", hdlr.bytes) + keys.serialized() + md.itemListAtom(indexOf: index).serialized()
    }

    @Test("QuickTime meta (plain atom) and ISO meta (FullBox) are both read")
    func metaForms() throws {
        let quickTime = Support.box("meta", Self.metaChildren())
        let iso = Support.box("meta", [0, 0, 0, 0] + Self.metaChildren())
        for (bytes, prefix) in [(quickTime, [UInt8]()), (iso, [0, 0, 0, 0])] {
            let moov = Support.box("moov", bytes)
            let atom = try Support.parseAtom(moov)
            let meta = try #require(atom.child("meta"))
            #expect(meta.prefix == prefix)
            #expect(meta.children?.map(\.type) == ["hdlr", "keys", "ilst"])
            #expect(atom.serialized() == moov)
            let md = try #require(try QuickTimeMetadata(meta: meta, path: "moov/meta"))
            #expect(md.stringValue(forKey: Movie.contentIdentifierKey) == Self.identifier)
        }

        // ISO meta whose first child is not hdlr (zero version/flags first) is still a FullBox.
        let isoOther = Support.box("meta", [0, 0, 0, 0] + Support.box("pitm", [0, 0, 0, 0, 0, 1]) + Self.metaChildren())
        var meta = try #require(try Support.parseAtom(Support.box("moov", isoOther)).child("meta"))
        #expect(meta.prefix == [0, 0, 0, 0])
        #expect(meta.children?.map(\.type) == ["pitm", "hdlr", "keys", "ilst"])
        // QuickTime meta whose first child is not hdlr.
        let qtOther = Support.box("meta", Support.box("free", [1]) + Self.metaChildren())
        meta = try #require(try Support.parseAtom(Support.box("moov", qtOther)).child("meta"))
        #expect(meta.prefix.isEmpty)
        #expect(meta.children?.map(\.type) == ["free", "hdlr", "keys", "ilst"])

        // iTunes-style metadata (handler mdir) is not mdta metadata.
        meta = try #require(try Support.parseAtom(Support.box("moov", Support.box("meta", [0, 0, 0, 0] + Self.metaChildren(handler: "mdir")))).child("meta"))
        #expect(try QuickTimeMetadata(meta: meta, path: "moov/meta") == nil)

        // A meta whose contents do not parse is kept as a leaf, bytes intact.
        let broken = Support.box("moov", Support.box("meta", [0, 0, 0, 0, 0, 0, 0, 99, 1, 2]))
        let brokenAtom = try Support.parseAtom(broken)
        #expect(brokenAtom.child("meta")?.isContainer == false)
        #expect(brokenAtom.serialized() == broken)
        #expect(try QuickTimeMetadata(meta: try #require(brokenAtom.child("meta")), path: "moov/meta") == nil)
    }

    @Test("the content identifier is read from moov/meta first, then moov/udta/meta")
    func contentIdentifierLocations() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let bytes = try Support.bytes(Support.fixture("movie-moov-last.mov"))
        let head = Array(bytes[0..<Int(original.moovHeader.offset)])
        let moovBytes = Array(bytes[Int(original.moovHeader.offset)...])

        func movie(qt: String?, udta: String?) throws -> MovieFile {
            let moov = try Support.parseAtom(moovBytes)
            if let udta {   // ffmpeg's form: ISO meta in udta
                moov.children?.append(try Support.parseAtom(Support.box("udta", Support.box("meta", [0, 0, 0, 0] + Self.metaChildren(identifier: udta)))))
            }
            if let qt { moov.children?.append(try Support.parseAtom(Support.box("meta", Self.metaChildren(identifier: qt)))) }
            return try Support.open(head + moov.serialized(), in: dir)
        }

        var file = try movie(qt: nil, udta: "UDTA-ID")
        #expect(file.movie.metadata == nil)
        #expect(file.movie.userDataMetadata?.items.count == 1)
        #expect(file.movie.contentIdentifier == "UDTA-ID")
        file = try movie(qt: "MOOV-ID", udta: "UDTA-ID")
        #expect(file.movie.contentIdentifier == "MOOV-ID")
        #expect(file.movie.userDataMetadata?.stringValue(forKey: Movie.contentIdentifierKey) == "UDTA-ID")
        file = try movie(qt: "MOOV-ID", udta: nil)
        #expect(file.movie.contentIdentifier == "MOOV-ID")
        #expect(file.movie.userDataMetadata == nil)
        // Still-image-time and video tracks are unaffected.
        #expect(file.movie.tracks.count == 1)
    }

    @Test("damaged keys and ilst are typed errors naming the box")
    func damagedMetadata() throws {
        // An item naming key 5 of 1.
        var ilst = ByteWriter()
        ilst.u32(8 + 16 + 1); ilst.u32(5); ilst.u32(16 + 1); ilst.fourCC("data"); ilst.u32(1); ilst.u32(0); ilst.u8(0x41)
        let keys = QuickTimeMetadata(items: [.init(key: "k", typeIndicator: 1, value: [])]).keysAtom().atom.serialized()
        let hdlr = QuickTimeMetadata.handlerAtom().serialized()
        var meta = try Support.parseAtom(Support.box("meta", hdlr + keys + Support.box("ilst", ilst.bytes)))
        var error = Support.expectParseError("item index 5") { _ = try QuickTimeMetadata(meta: meta, path: "moov/meta") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.path.hasPrefix("moov/meta/ilst") == true)

        // A key entry sized below 8.
        var badKeys = ByteWriter()
        badKeys.u32(0); badKeys.u32(1); badKeys.u32(4); badKeys.fourCC("mdta")
        meta = try Support.parseAtom(Support.box("meta", hdlr + Support.box("keys", badKeys.bytes)))
        error = Support.expectParseError("key size 4") { _ = try QuickTimeMetadata(meta: meta, path: "moov/meta") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.path == "moov/meta/keys")

        // A data atom running past its item.
        ilst = ByteWriter()
        ilst.u32(8 + 16); ilst.u32(1); ilst.u32(100); ilst.fourCC("data"); ilst.u32(1); ilst.u32(0)
        meta = try Support.parseAtom(Support.box("meta", hdlr + keys + Support.box("ilst", ilst.bytes)))
        error = Support.expectParseError("data too large") { _ = try QuickTimeMetadata(meta: meta, path: "moov/meta") }
        #expect(error?.kind == .tooLarge)
        #expect(error?.path.contains("data") == true)
    }

    @Test("MetadataValue decodes the well-known types")
    func metadataValues() {
        #expect(MetadataValue(typeIndicator: 1, bytes: Array("hi".utf8)) == .string("hi"))
        #expect(MetadataValue(typeIndicator: 2, bytes: [0, 0x68, 0, 0x69]) == .string("hi"))
        #expect(MetadataValue(typeIndicator: 65, bytes: [0x80]) == .integer(-128))
        #expect(MetadataValue(typeIndicator: 66, bytes: [0xFF, 0xFE]) == .integer(-2))
        #expect(MetadataValue(typeIndicator: 74, bytes: [0x80, 0, 0, 0, 0, 0, 0, 0]) == .integer(Int64.min))
        #expect(MetadataValue(typeIndicator: 21, bytes: [0x7F, 0xFF, 0xFF, 0xFF]) == .integer(Int64(Int32.max)))
        #expect(MetadataValue(typeIndicator: 78, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == .unsignedInteger(UInt64.max))
        #expect(MetadataValue(typeIndicator: 21, bytes: []) == .data([]))
        #expect(MetadataValue(typeIndicator: 21, bytes: Array(repeating: 1, count: 9)) == .data(Array(repeating: 1, count: 9)))
        #expect(MetadataValue(typeIndicator: 23, bytes: [0, 0]) == .data([0, 0]))
        #expect(MetadataValue(typeIndicator: 23, bytes: [0x3F, 0x80, 0, 0]) == .float(1))
        #expect(MetadataValue(typeIndicator: 99, bytes: [1]).description == "01")
    }
}
