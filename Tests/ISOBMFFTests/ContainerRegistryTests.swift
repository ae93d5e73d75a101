import Testing
import BinaryIO
@testable import ISOBMFF

/// Which boxes the tree parser opens comes from one table, and can depend on the parent.
@Suite("Container registry")
struct ContainerRegistryTests {
    static func box(_ type: FourCC, _ payload: [UInt8]) -> [UInt8] { Support.box(type, payload) }

    @Test("data under an ilst item is a leaf; ilst and its items are opened only under meta")
    func metadataItems() throws {
        let data = Self.box("data", Support.u32(1) + Support.u32(0) + Array("id".utf8))
        let ilst = Self.box("ilst", Self.box(FourCC(1), data))
        let meta = try Support.parseAtom(Self.box("meta", QuickTimeMetadata.handlerAtom().serialized() + ilst))
        let opened = try #require(meta.child("ilst"))
        #expect(opened.isContainer)
        let item = try #require(opened.children?.first)
        #expect(item.isContainer && item.type == FourCC(1))
        #expect(item.child("data")?.isContainer == false)
        // The same ilst directly in udta is not metadata: a leaf, its bytes kept.
        let udta = try Support.parseAtom(Self.box("udta", ilst))
        #expect(udta.child("ilst")?.isContainer == false)
        #expect(udta.serialized() == Self.box("udta", ilst))
    }

    @Test("mebx is opened after its 8 fixed bytes only under stsd")
    func mebxParent() throws {
        let mebx = MetadataSampleEntry(declarations: [.init(localID: 1, key: .init(value: [0x6B]), dataType: .init(wellKnown: 65))]).atom().serialized()
        let stsd = try Support.parseAtom(Self.box("stsd", Support.u32(0) + Support.u32(1) + mebx))
        #expect(stsd.child("mebx")?.prefix.count == 8)
        #expect(stsd.child("mebx")?.child("keys")?.children?.first?.child("keyd")?.isContainer == false)
        let elsewhere = try Support.parseAtom(Self.box("udta", mebx))
        #expect(elsewhere.child("mebx")?.isContainer == false)
    }

    @Test("a video sample entry is opened after its 78 fixed bytes, and reads the same as a leaf", arguments: ["avc1", "hvc1", "hev1"] as [FourCC])
    func videoSampleEntry(format: FourCC) throws {
        var fixed = [UInt8](repeating: 0, count: ContainerRegistry.visualSampleEntryPrefixLength)
        fixed[7] = 1; fixed[24] = 0x07; fixed[25] = 0x80; fixed[26] = 0x04; fixed[27] = 0x38
        let config: FourCC = format == "avc1" ? "avcC" : "hvcC"
        let entry = Self.box(format, fixed + Self.box(config, [1, 2, 3]) + Self.box("colr", Array("nclx".utf8) + [0, 1, 0, 1, 0, 1, 0x80]))
        let stsd = try Support.parseAtom(Self.box("stsd", Support.u32(0) + Support.u32(1) + entry))
        let opened = try #require(stsd.children?.first)
        #expect(opened.isContainer && opened.prefix == fixed)
        #expect(opened.children?.map(\.type) == [config, "colr"])
        #expect(stsd.serialized() == Self.box("stsd", Support.u32(0) + Support.u32(1) + entry))
        let fromTree = try VideoCodecConfiguration(entry: opened, path: "stsd/\(format)")
        let fromLeaf = try VideoCodecConfiguration(entry: Atom(type: format, payload: Array(entry.dropFirst(8))), path: "stsd/\(format)")
        #expect(fromTree == fromLeaf)
        #expect(fromTree.width == 1920 && fromTree.height == 1080 && fromTree.decoderConfiguration == [1, 2, 3])
        #expect(fromTree.colour?.fullRange == true)
    }

    @Test("meta: QuickTime form has no prefix, ISO form a 4-byte version/flags")
    func metaForms() throws {
        let hdlr = QuickTimeMetadata.handlerAtom().serialized()
        #expect(try Support.parseAtom(Self.box("meta", hdlr)).prefix.isEmpty)
        #expect(try Support.parseAtom(Self.box("meta", Support.u32(0) + hdlr)).prefix == [0, 0, 0, 0])
        // The hdlr decides, not the first four bytes: an ISO form with flags set still has its
        // prefix, and a QuickTime form whose hdlr's size field reads 0 (to the end) has none.
        #expect(try Support.parseAtom(Self.box("meta", Support.u32(1) + hdlr)).prefix == [0, 0, 0, 1])
        let toTheEnd = [0, 0, 0, 0] + hdlr.dropFirst(4)
        #expect(QuickTimeMetaForm.prefixLength(of: ByteReader(toTheEnd)) == 0)
        #expect(QuickTimeMetaForm.prefixLength(of: ByteReader(Support.u32(0) + toTheEnd)) == 4)
    }

    @Test("HEIF item boxes are left to their readers, which open them through the registry")
    func heifItemBoxes() throws {
        let infe = ItemInfoEntry(itemID: 1, itemType: "Exif").atom().serialized()
        for version: UInt8 in [0, 1] {
            let count = version == 0 ? [0, 1] as [UInt8] : Support.u32(1)
            let iinf = Self.box("iinf", [version, 0, 0, 0] + count + infe)
            let meta = try Support.parseAtom(Self.box("meta", Support.u32(0) + Self.box("hdlr", Support.u32(0) + Support.u32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13)) + iinf))
            let leaf = try #require(meta.child("iinf"))
            #expect(!leaf.isContainer)
            #expect(try leaf.registeredChildren(parent: "meta", path: "meta/iinf", depth: 1).map(\.type) == ["infe"])
            #expect(try ItemInfoBox(leaf, path: "meta/iinf").entries.map(\.itemID) == [1])
        }
        #expect(ContainerRegistry.rule(for: "ipco", parent: "iprp")?.damage == .openedByItsReader)
        #expect(ContainerRegistry.rule(for: "ipco", parent: "moov") == nil)
        #expect(ContainerRegistry.rule(for: "iref", parent: "meta")?.prefix == .fixed(4))
    }

    @Test("damage in an optional container keeps it as a leaf; its reader opening it gets a typed error")
    func damagedOptionalContainer() throws {
        // An ilst item whose data box runs past the item.
        let item = Self.box(FourCC(1), Support.u32(100) + Array("data".utf8) + Support.u32(1) + Support.u32(0))
        let ilst = Self.box("ilst", item)
        let bytes = Self.box("meta", QuickTimeMetadata.handlerAtom().serialized() + ilst)
        let meta = try Support.parseAtom(bytes)
        #expect(meta.serialized() == bytes)
        let kept = try #require(meta.child("ilst"))
        let error = Support.expectParseError("data past its item") { _ = try MetadataItemList(kept, path: "moov/meta/ilst") }
        #expect(error?.kind == .tooLarge)
        #expect(error?.path.hasPrefix("moov/meta/ilst/") == true)
        #expect(error?.path.hasSuffix("/data") == true)
    }
}
