import Testing
import BinaryIO
@testable import ISOBMFF

/// Every box type the writers produce reads and writes from one definition: bytes → value →
/// the same bytes, for every version, with unknown trailing bytes kept.
@Suite("Box codecs: bytes → value → the same bytes")
struct BoxCodecTests {
    /// Serializes a leaf with `type` and `payload`, parses it back as a tree node.
    static func leaf(_ type: FourCC, _ payload: [UInt8]) throws -> Atom {
        try Support.parseAtom(Support.box(type, payload))
    }

    static func writer(_ body: (inout ByteWriter) -> Void) -> [UInt8] {
        var w = ByteWriter(); body(&w); return w.bytes
    }

    static let matrix: [Int32] = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x4000_0000]

    static func tkhd(version: UInt8, trailing: [UInt8] = []) -> [UInt8] {
        writer { w in
            w.u8(version); w.u24(0x0F)
            if version == 1 { w.u64(0x1_0000_0001); w.u64(0x1_0000_0002); w.u32(7); w.u32(0xABCD); w.u64(0x2_0000_0000) }
            else { w.u32(11); w.u32(12); w.u32(7); w.u32(0xABCD); w.u32(1203) }
            w.u64(0x0102_0304_0506_0708); w.u16(0xFFFF); w.u16(2); w.u16(0x0100); w.u16(0x0A0B)
            for m in matrix { w.i32(m) }
            w.u32(1920 << 16); w.u32(1440 << 16)
            w.append(trailing)
        }
    }

    static let pitmCases: [(UInt32, [UInt8])] = [(1, [0, 0, 0, 0, 0, 1]), (0xFFFF, [0, 0, 0, 0, 0xFF, 0xFF]), (0x1_0000, [1, 0, 0, 0, 0, 1, 0, 0])]
    static let tkhdCases: [(UInt8, [UInt8])] = [(0, []), (1, []), (0, [9, 9, 9]), (1, [1]), (3, [])]
    static let mdhdCases: [(UInt8, Bool, [UInt8])] = [(0, false, []), (1, false, []), (0, false, [7, 7]), (0, true, []), (0, true, [1]), (0, true, [1, 2, 3])]

    @Test("tkhd v0, v1, an unknown version and trailing bytes", arguments: tkhdCases)
    func trackHeader(version: UInt8, trailing: [UInt8]) throws {
        let bytes = Self.tkhd(version: version, trailing: trailing)
        let header = try TrackHeader(try Self.leaf("tkhd", bytes), path: "tkhd")
        #expect(header.trackID == 7)
        #expect(header.duration == (version == 1 ? 0x2_0000_0000 : 1203))
        #expect(header.rotationDegrees == 90)
        #expect(header.width == 1920 && header.height == 1440)
        #expect(header.layer == -1)
        #expect(header.trailing == trailing)
        #expect(header.atom().payload == bytes)
    }

    @Test("tkhd's duration is rewritten alone, in its version's width")
    func trackHeaderDuration() throws {
        for version: UInt8 in [0, 1] {
            let atom = try Self.leaf("tkhd", Self.tkhd(version: version, trailing: [5]))
            TrackHeader.setDuration(0x1_2345_6789, in: atom)
            var expected = try TrackHeader(try Self.leaf("tkhd", Self.tkhd(version: version, trailing: [5])), path: "tkhd")
            expected.duration = version == 1 ? 0x1_2345_6789 : UInt64(UInt32.max)
            #expect(atom.payload == expected.atom().payload)
            #expect(try TrackHeader(atom, path: "tkhd") == expected)
        }
    }

    @Test("mdhd v0, v1, short (ending after the duration, or up to 3 bytes later) and with trailing bytes", arguments: mdhdCases)
    func mediaHeader(version: UInt8, short: Bool, trailing: [UInt8]) throws {
        let bytes = Self.writer { w in
            w.u8(version); w.u24(0)
            if version == 1 { w.u64(1); w.u64(2); w.u32(600); w.u64(0x1_0000_0000) } else { w.u32(1); w.u32(2); w.u32(600); w.u32(1203) }
            if !short { w.u16(MediaHeader.undeterminedLanguage); w.u16(0) }
            w.append(trailing)
        }
        let header = try MediaHeader(try Self.leaf("mdhd", bytes), path: "mdhd")
        #expect(header.timescale == 600)
        #expect(header.duration == (version == 1 ? 0x1_0000_0000 : 1203))
        #expect(header.language == (short && trailing.count < 4 ? nil : MediaHeader.undeterminedLanguage))
        #expect(header.atom().payload == bytes)
    }

    @Test("mvhd v0 and v1: next track id rewritten alone", arguments: [UInt8(0), 1])
    func movieHeader(version: UInt8) throws {
        let presentation = (0..<76).map { UInt8($0) }
        let bytes = Self.writer { w in
            w.u8(version); w.u24(0)
            if version == 1 { w.u64(3); w.u64(4); w.u32(600); w.u64(0x1_0000_0000) } else { w.u32(3); w.u32(4); w.u32(600); w.u32(1203) }
            w.append(presentation); w.u32(5); w.append([0xEE])
        }
        let atom = try Self.leaf("mvhd", bytes)
        let header = try MovieHeader(atom, path: "mvhd")
        #expect(header.nextTrackID == 5 && header.timescale == 600 && header.creationTime == 3)
        #expect(header.atom().payload == bytes)
        MovieHeader.setNextTrackID(9, in: atom)
        var expected = bytes
        expected.replaceSubrange(bytes.count - 5 ..< bytes.count - 1, with: Support.u32(9))
        #expect(atom.payload == expected)
    }

    @Test("pitm built for an item id: version 0 with a 16-bit id up to 0xFFFF, version 1 with 32 bits above; flags 0; reads back",
          arguments: pitmCases)
    func pitmBuilt(itemID: UInt32, payload: [UInt8]) throws {
        let atom = PrimaryItemBox(itemID: itemID).atom()
        #expect(atom.type == "pitm" && atom.payload == payload)
        #expect(try PrimaryItemBox(Self.leaf("pitm", payload), path: "pitm").itemID == itemID)
    }

    @Test("hdlr: QuickTime Pascal name, ISO C name, short reserved field")
    func handler() throws {
        let quickTime = HandlerReference.quickTime(componentType: "mhlr", handlerType: "meta", name: "Core Media Metadata")
        let qtBytes = Self.writer { w in w.u32(0); w.fourCC("mhlr"); w.fourCC("meta"); w.zeros(12); w.u8(19); w.append(Array("Core Media Metadata".utf8)) }
        #expect(quickTime.atom().payload == qtBytes)
        let iso = Self.writer { w in w.u32(0); w.u32(0); w.fourCC("vide"); w.zeros(12); w.append(Array("VideoHandler".utf8)); w.u8(0) }
        let short = Self.writer { w in w.u32(0); w.fourCC("dhlr"); w.fourCC("url "); w.zeros(5) }
        for (bytes, type, name) in [(qtBytes, FourCC("meta"), "Core Media Metadata"), (iso, "vide", "VideoHandler"), (short, "url ", "")] {
            let parsed = try HandlerReference(try Self.leaf("hdlr", bytes), path: "hdlr")
            #expect(parsed.handlerType == type)
            #expect(parsed.name == name)
            #expect(parsed.atom().payload == bytes)
        }
    }

    /// A Pascal string holds at most 255 bytes: a longer name keeps its first 255, one of
    /// exactly 255 all of them.
    @Test("hdlr: a QuickTime name of 255 bytes is whole, a longer one cut to 255", arguments: [254, 255, 256, 300])
    func handlerNameLimit(_ length: Int) throws {
        let name = String(repeating: "n", count: length)
        let field = HandlerReference.quickTime(componentType: "mhlr", handlerType: "vide", name: name).nameField
        let kept = min(length, 255)
        #expect(field == [UInt8(kept)] + Array(repeating: UInt8(ascii: "n"), count: kept))
        #expect(try HandlerReference(try Self.leaf("hdlr", HandlerReference.quickTime(componentType: "mhlr", handlerType: "vide", name: name).atom().payload),
                                     path: "hdlr").name == String(name.prefix(kept)))
    }

    @Test("stts, stsc, stsz (constant and per sample), stco and co64, with trailing bytes kept")
    func sampleTables() throws {
        let stts = Self.writer { w in w.u32(0); w.u32(2); w.u32(50); w.u32(20); w.u32(1); w.u32(32); w.u8(1) }
        let time = try TimeToSampleBox(try Self.leaf("stts", stts), path: "stts")
        #expect(time.entries == [.init(count: 50, delta: 20), .init(count: 1, delta: 32)])
        #expect(time.atom().payload == stts)

        let stsc = Self.writer { w in w.u32(0); w.u32(2); w.u32(1); w.u32(13); w.u32(1); w.u32(2); w.u32(5); w.u32(1) }
        let chunks = try SampleToChunkBox(try Self.leaf("stsc", stsc), path: "stsc")
        #expect(chunks.entries.map(\.samplesPerChunk) == [13, 5])
        #expect(chunks.atom().payload == stsc)

        let perSample = Self.writer { w in w.u32(0); w.u32(0); w.u32(3); w.u32(10); w.u32(11); w.u32(12) }
        let constant = Self.writer { w in w.u32(0x0100_0001); w.u32(9); w.u32(4); w.u8(0) }
        for bytes in [perSample, constant] {
            #expect(try SampleSizeBox(try Self.leaf("stsz", bytes), path: "stsz").atom().payload == bytes)
        }
        #expect(try SampleSizeBox(try Self.leaf("stsz", perSample), path: "stsz").sizes == [10, 11, 12])

        let stco = Self.writer { w in w.u32(0); w.u32(2); w.u32(36); w.u32(0xFFFF_FFFF); w.u16(0xAAAA) }
        let co64 = Self.writer { w in w.u32(0); w.u32(1); w.u64(0x1_0000_0000) }
        for (type, bytes) in [(FourCC("stco"), stco), ("co64", co64)] {
            let table = try ChunkOffsetTable(try Self.leaf(type, bytes), path: "\(type)")
            #expect(table.atom().type == type)
            #expect(table.atom().payload == bytes)
        }
    }

    @Test("stts/stsc/stsz damage is a typed error naming the box")
    func sampleTableDamage() throws {
        let stsc = Self.writer { w in w.u32(0); w.u32(2); w.u32(2); w.u32(1); w.u32(1); w.u32(2); w.u32(1); w.u32(1) }
        let error = Support.expectParseError("first chunks not increasing") { _ = try SampleToChunkBox(try Self.leaf("stsc", stsc), path: "moov/stsc") }
        #expect(error?.kind == .invalidValue)
        #expect(error?.path == "moov/stsc")
        let stts = Self.writer { w in w.u32(0); w.u32(1_000_000); w.u32(1) }
        #expect(Support.expectParseError("huge count") { _ = try TimeToSampleBox(try Self.leaf("stts", stts), path: "stts") }?.kind == .tooLarge)
    }

    @Test("the mebx sample entry: keys with keyd/dtyp, and boxes it does not model, in stored order")
    func metadataSampleEntry() throws {
        let built = MetadataSampleEntry(declarations: [
            .init(localID: 1, key: .init(value: Array("com.apple.quicktime.still-image-time".utf8)), dataType: .init(wellKnown: 65)),
            .init(localID: 2, key: .init(value: Array("k2".utf8)), dataType: .init(namespace: 1, value: Array("com.example.type".utf8))),
        ]).atom()
        // Add a box the type does not model, inside a declaration and after `keys`.
        var bytes = built.serialized()
        var tree = try Support.parseAtom(Support.box("stsd", Support.u32(0) + Support.u32(1) + bytes))
        let mebx = try #require(tree.child("mebx"))
        mebx.find("keys")?.children?[0].children?.insert(Atom(type: "sdpd", payload: [0, 0, 0, 12, 1, 2]), at: 1)
        mebx.children?.append(Atom(type: "btrt", payload: Array(repeating: 3, count: 12)))
        bytes = mebx.serialized()
        tree = try Support.parseAtom(Support.box("stsd", Support.u32(0) + Support.u32(1) + bytes))
        let entry = try MetadataSampleEntry(try #require(tree.child("mebx")), path: "stsd/mebx")
        #expect(entry.declarations.map(\.localID) == [1, 2])
        #expect(entry.declarations[0].dataType?.wellKnownType == 65)
        #expect(entry.declarations[1].dataType?.wellKnownType == nil)
        #expect(entry.declarations[1].key?.value == Array("k2".utf8))
        #expect(entry.atom().serialized() == bytes)
    }

    @Test("QuickTime keys, ilst and data: bytes → value → the same bytes")
    func quickTimeMetadataBoxes() throws {
        let keysBytes = Self.writer { w in
            w.u32(0); w.u32(2)
            w.u32(8 + 3); w.fourCC("mdta"); w.append(Array("abc".utf8))
            w.u32(8 + 1); w.fourCC("udta"); w.u8(0x41)
        }
        let keys = try MetadataKeysBox(try Self.leaf("keys", keysBytes), path: "keys")
        #expect(keys.entries.map(\.name) == ["abc", "A"])
        #expect(keys.atom().payload == keysBytes)

        // Item 1: one data box (type set byte kept); item 2: a data box and a box kept as read.
        let item1 = Support.box("data", Support.u32(0x0100_0001) + Support.u32(0x1234) + Array("hi".utf8))
        let item2 = Support.box("data", Support.u32(21) + Support.u32(0) + [0xFF]) + Support.box("name", [1, 2])
        let ilst = Support.box(FourCC(1), item1) + Support.box(FourCC(2), item2)
        let meta = try Support.parseAtom(Support.box("meta", QuickTimeMetadata.handlerAtom().serialized() + Support.box("keys", keysBytes) + Support.box("ilst", ilst)))
        let list = try MetadataItemList(try #require(meta.child("ilst")), path: "meta/ilst")
        #expect(list.items.map(\.keyIndex) == [1, 2])
        #expect(list.items[0].dataBoxes == [.init(typeField: 0x0100_0001, locale: 0x1234, value: Array("hi".utf8))])
        #expect(list.items[0].dataBoxes[0].typeIndicator == 1)
        #expect(list.items[1].boxes.count == 2)
        #expect(list.atom().serialized() == Support.box("ilst", ilst))
    }

    @Test("makeTrack builds every box from the codec types, and they read back")
    func stillImageTimeTrack() throws {
        let trak = StillImageTimeTrack.makeTrack(trackID: 4, videoTrackID: 1, movieTimescale: 600, stillTick: 820, sampleDuration: 20)
        let bytes = trak.serialized()
        let parsed = try Support.parseAtom(bytes)
        #expect(parsed.serialized() == bytes)
        let track = try Track(parsed, index: 1, path: "trak")
        #expect(track.trackID == 4)
        #expect(track.header.duration == 840)
        #expect(track.header.flags == 0x0F)
        #expect(track.mediaHeader.timescale == 600 && track.mediaHeader.duration == 20)
        #expect(track.handler.handlerType == "meta" && track.handler.name == "Core Media Metadata")
        #expect(track.sampleTable.timeToSample == [.init(count: 1, delta: 20)])
        #expect(track.sampleTable.constantSampleSize == 9 && track.sampleTable.sampleCount == 1)
        #expect(track.edits?.entries == [.init(duration: 820, mediaTime: -1, rate: 0x10000), .init(duration: 20, mediaTime: 0, rate: 0x10000)])
        let keys = try #require(track.sampleEntries.first).metadataKeys
        #expect(keys == [.init(localID: 1, namespace: "mdta", key: StillImageTimeTrack.key, dataType: 65)])
        let dataHandler = try HandlerReference(try #require(parsed.find("mdia", "minf", "hdlr")), path: "hdlr")
        #expect(dataHandler.componentType == "dhlr" && dataHandler.handlerType == "url " && dataHandler.nameField == [0])
        #expect(try SampleDescriptionHeader(try #require(parsed.find("mdia", "minf", "stbl", "stsd")), path: "stsd") == .init(entryCount: 1))
        #expect(try BaseMediaInfo(try #require(parsed.find("mdia", "minf", "gmhd", "gmin")), path: "gmin") == BaseMediaInfo())
        #expect(try DataReference(try #require(parsed.find("mdia", "minf", "dinf", "dref")), path: "dref").entries == [.selfContained])
        #expect(try TrackReference(try #require(parsed.child("tref")), path: "tref").references == [.init(type: "cdsc", trackIDs: [1])])
    }

    /// Every codec box of a real file, each read and written back.
    static func roundTripEveryCodecBox(_ root: Atom) throws -> Int {
        var checked = 0
        try root.visit { atom, path in
            let original = atom.serialized()
            let parent = path.split(separator: "/").dropLast().last.map(String.init)
            var rewritten: Atom?
            switch atom.type {
            case "tkhd": rewritten = try TrackHeader(atom, path: path).atom()
            case "mdhd": rewritten = try MediaHeader(atom, path: path).atom()
            case "mvhd": rewritten = try MovieHeader(atom, path: path).atom()
            case "hdlr": rewritten = try HandlerReference(atom, path: path).atom()
            case "stts": rewritten = try TimeToSampleBox(atom, path: path).atom()
            case "stsc": rewritten = try SampleToChunkBox(atom, path: path).atom()
            case "stsz": rewritten = try SampleSizeBox(atom, path: path).atom()
            case "stco", "co64": rewritten = try ChunkOffsetTable(atom, path: path).atom()
            case "elst": rewritten = try EditList(atom, path: path).atom()
            case "mebx": rewritten = try MetadataSampleEntry(atom, path: path).atom()
            case "keys" where parent == "meta": rewritten = try MetadataKeysBox(atom, path: path).atom()
            case "ilst": rewritten = try MetadataItemList(atom, path: path).atom()
            case "stsd" where atom.isContainer:
                rewritten = Atom(type: "stsd", prefix: try SampleDescriptionHeader(atom, path: path).prefix, children: atom.children ?? [])
            case "gmin": rewritten = try BaseMediaInfo(atom, path: path).atom()
            case "dref": rewritten = try DataReference(atom, path: path).atom()
            case "tref": rewritten = try TrackReference(atom, path: path).atom()
            default: break
            }
            guard let rewritten else { return }
            rewritten.usedLargeSize = atom.usedLargeSize
            #expect(rewritten.serialized() == original, "\(path)")
            checked += 1
        }
        return checked
    }

    @Test("every codec box of the fixture movies writes back byte for byte", arguments: Support.movieFixtures)
    func fixtureBoxes(name: String) throws {
        let file = try MovieFile.open(path: Support.fixture(name))
        #expect(try Self.roundTripEveryCodecBox(file.movie.moov) >= 10)
    }

    @Test("every codec box of the iPhone 15 movie writes back byte for byte",
          .requires(.corpusFile("iphone-movie/iphone15-livephoto.MOV")))
    func iPhoneBoxes() throws {
        let file = try MovieFile.open(path: Support.corpusFile("iphone-movie/iphone15-livephoto.MOV"))
        // 5 tracks × (tkhd, mdhd, 2 hdlr, stts, stsc, stsz, stco, elst) + mvhd, 3 mebx, keys, ilst (moov/meta and trak/meta).
        #expect(try Self.roundTripEveryCodecBox(file.movie.moov) >= 5 * 9 + 1 + 3 + 2)
        // The still-image-time track's three keys, as the camera declared them.
        let entry = try #require(file.movie.tracks[4].atom.find("mdia", "minf", "stbl", "stsd")?.child("mebx"))
        let declared = try MetadataSampleEntry(entry, path: "mebx").declarations
        #expect(declared.map(\.localID) == [1, 2, 3])
        #expect(declared.map { $0.dataType?.wellKnownType } == [65, 83, 71])
    }
}
