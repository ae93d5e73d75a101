import Testing
import PropertyBased
import TestSupport
import BinaryIO
@testable import ISOBMFF

/// The boxes of a generic (timed metadata) track that `makeTrack` writes besides the sample
/// tables: `stsd`'s fixed fields, `gmin`, `dref` with its entries, `tref` with its references.
/// Each: bytes → value → the same bytes.
@Suite("Box codecs: stsd prefix, gmin, dref, tref")
struct GenericTrackBoxCodecTests {
    static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func roundTrip(_ bytes: [UInt8], _ write: (Atom) throws -> Atom) throws {
        let atom = try Support.parseAtom(bytes)
        #expect(try write(atom).serialized() == bytes)
    }

    static let mebx = Support.box("mebx", [0, 0, 0, 0, 0, 0, 0, 1])

    @Test("stsd: version/flags and entry count, as QuickTime and with another version", arguments: [
        (UInt8(0), UInt32(0)), (1, 0x000001), (0, 0xABCDEF),
    ])
    func sampleDescription(version: UInt8, flags: UInt32) throws {
        let bytes = Support.box("stsd", [version] + Support.u32(flags).suffix(3) + Support.u32(1) + Self.mebx)
        let stsd = try Support.parseAtom(bytes)
        let header = try SampleDescriptionHeader(stsd, path: "stsd")
        #expect(header == .init(version: version, flags: flags, entryCount: 1))
        #expect(SampleDescriptionHeader.atom(version: version, flags: flags, entries: stsd.children ?? []).serialized() == bytes)
        // A leaf stsd (kept whole by the tree parser) reads the same fields.
        let leaf = Atom(type: "stsd", payload: Array(bytes.dropFirst(8)))
        #expect(try SampleDescriptionHeader(leaf, path: "stsd") == header)
        #expect(throws: ParseError.self) { try SampleDescriptionHeader(Atom(type: "stsd", payload: [0, 0, 0, 0, 0]), path: "stsd") }
    }

    @Test("gmin: QuickTime's values, a negative balance, trailing bytes kept; short is a typed error")
    func baseMediaInfo() throws {
        let standard = Support.box("gmin", Support.u32(0) + Self.u16(0x40) + Self.u16(0x8000) + Self.u16(0x8000) + Self.u16(0x8000) + Self.u16(0) + Self.u16(0))
        #expect(BaseMediaInfo().atom().serialized() == standard)
        #expect(try BaseMediaInfo(try Support.parseAtom(standard), path: "gmin") == BaseMediaInfo())
        try Self.roundTrip(standard) { try BaseMediaInfo($0, path: "gmin").atom() }

        let other = Support.box("gmin", Support.u32(0x0100_0002) + Self.u16(0x24) + Self.u16(1) + Self.u16(2) + Self.u16(3) + Self.u16(0xFF00) + Self.u16(7) + [9, 9])
        let value = try BaseMediaInfo(try Support.parseAtom(other), path: "gmin")
        #expect(value.version == 1 && value.flags == 2 && value.graphicsMode == 0x24 && value.opColor == [1, 2, 3])
        #expect(value.balance == -256 && value.reserved == 7 && value.trailing == [9, 9])
        try Self.roundTrip(other) { try BaseMediaInfo($0, path: "gmin").atom() }
        #expect(BaseMediaInfo().headerAtom().serialized() == Support.box("gmhd", standard))

        let short = try Support.parseAtom(Support.box("gmin", Support.u32(0) + Self.u16(0x40)))
        #expect(throws: ParseError.self) { try BaseMediaInfo(short, path: "gmin") }

        // The op color field is three values, whatever the array holds: a short one is padded
        // with zeros, a long one cut at three; the box is always 16 bytes of fields.
        for (given, written) in [([UInt16](), [UInt16](repeating: 0, count: 3)), ([5], [5, 0, 0]), ([5, 6], [5, 6, 0]), ([5, 6, 7, 8], [5, 6, 7])] {
            let box = BaseMediaInfo(opColor: given).atom().serialized()
            #expect(box == Support.box("gmin", Support.u32(0) + Self.u16(0x40) + written.flatMap(Self.u16) + Self.u16(0) + Self.u16(0)), "op color \(given)")
            #expect(try BaseMediaInfo(try Support.parseAtom(box), path: "gmin").opColor == written)
        }
    }

    @Test("dref: a self-contained url, a url with a location, an alias, trailing bytes kept")
    func dataReference() throws {
        let selfContained = Support.box("dref", Support.u32(0) + Support.u32(1) + Support.u32(12) + FourCC("url ").bytes + Support.u32(1))
        #expect(DataReference(entries: [.selfContained]).atom().serialized() == selfContained)
        #expect(try DataReference(try Support.parseAtom(selfContained), path: "dref").entries == [.selfContained])
        try Self.roundTrip(selfContained) { try DataReference($0, path: "dref").atom() }

        let location = Array("file:///media.mov\0".utf8)
        let mixed = Support.box("dref", Support.u32(0) + Support.u32(2)
            + Support.u32(UInt32(12 + location.count)) + FourCC("url ").bytes + Support.u32(0) + location
            + Support.u32(14) + FourCC("alis").bytes + Support.u32(0x0100_0001) + [0xAB, 0xCD] + [1, 2, 3])
        let value = try DataReference(try Support.parseAtom(mixed), path: "dref")
        #expect(value.entries == [.init(type: "url ", flags: 0, data: location), .init(type: "alis", version: 1, flags: 1, data: [0xAB, 0xCD])])
        #expect(value.trailing == [1, 2, 3])
        try Self.roundTrip(mixed) { try DataReference($0, path: "dref").atom() }
    }

    @Test("dref: an entry's version and every bit of its 24-bit flags read back as stored, and write back the same bytes (property)")
    func dataReferenceEntryFields() async {
        await propertyCheck(count: 300, input: Gen.nearEnds(in: 0...255), Gen.nearEnds(in: 0...0xFF_FFFF), Gen.nearEnds(in: 0...6)) { version, flags, dataCount in
            await Support.failingOnThrow {
                let data = (0..<dataCount).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ flags) }
                let bytes = Support.box("dref", Support.u32(0) + Support.u32(1)
                    + Support.u32(UInt32(12 + dataCount)) + FourCC("alis").bytes + [UInt8(version)] + Support.u32(UInt32(flags)).suffix(3) + data)
                let value = try DataReference(try Support.parseAtom(bytes), path: "dref")
                #expect(value.entries == [.init(type: "alis", version: UInt8(version), flags: UInt32(flags), data: data)], "flags \(flags)")
                try Self.roundTrip(bytes) { try DataReference($0, path: "dref").atom() }
            }
        }
    }

    @Test("dref damage: a count larger than the box, an entry size below 12 or past the end, typed errors")
    func dataReferenceDamage() throws {
        let hugeCount = try Support.parseAtom(Support.box("dref", Support.u32(0) + Support.u32(0xFFFF_FFFF) + Support.u32(12) + FourCC("url ").bytes + Support.u32(1)))
        #expect { try DataReference(hugeCount, path: "moov/trak/dref") } throws: { ($0 as? ParseError)?.kind == .tooLarge }
        let small = try Support.parseAtom(Support.box("dref", Support.u32(0) + Support.u32(1) + Support.u32(8) + FourCC("url ").bytes + Support.u32(1)))
        #expect { try DataReference(small, path: "dref") } throws: { ($0 as? ParseError)?.kind == .invalidValue }
        let past = try Support.parseAtom(Support.box("dref", Support.u32(0) + Support.u32(1) + Support.u32(40) + FourCC("url ").bytes + Support.u32(1)))
        #expect(throws: ParseError.self) { try DataReference(past, path: "dref") }
    }

    @Test("tref: cdsc to one track, cdep to two, an odd tail kept, in stored order")
    func trackReference() throws {
        let one = Support.box("tref", Support.box("cdsc", Support.u32(1)))
        #expect(TrackReference(references: [.init(type: "cdsc", trackIDs: [1])]).atom().serialized() == one)
        try Self.roundTrip(one) { try TrackReference($0, path: "tref").atom() }

        let several = Support.box("tref", Support.box("cdep", Support.u32(3) + Support.u32(4)) + Support.box("cdsc", Support.u32(1) + [0xEE, 0xFF]) + Support.box("chap", []))
        let value = try TrackReference(try Support.parseAtom(several), path: "tref")
        #expect(value.references.map(\.type) == ["cdep", "cdsc", "chap"])
        #expect(value.references.map(\.trackIDs) == [[3, 4], [1], []])
        #expect(value.references[1].trailing == [0xEE, 0xFF])
        try Self.roundTrip(several) { try TrackReference($0, path: "tref").atom() }
    }
}
