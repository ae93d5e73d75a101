import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// Box forms the fixtures do not contain (uuid, 64-bit sizes), synthesized from a fixture.
@Suite("uuid and 64-bit boxes")
struct SyntheticBoxTests {
    static let userType: [UInt8] = Array(0x10...0x1F)

    /// moov-last rebuilt as `ftyp uuid mdat(64-bit) moov(64-bit) uuid(64-bit)`, chunk offsets shifted to match.
    static func rebuilt() throws -> (bytes: [UInt8], original: MovieFile) {
        let original = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let bytes = try Support.bytes(Support.fixture("movie-moov-last.mov"))
        let mdat = try #require(original.topLevel.first("mdat"))
        let media = Array(bytes[Int(mdat.payloadOffset)..<Int(mdat.end)])

        var out = Support.ftyp()
        out += Support.uuidBox(userType, Array("hello".utf8))
        let newPayloadOffset = UInt64(out.count + 16)
        out += Support.largeBox("mdat", media)
        let delta = newPayloadOffset - mdat.payloadOffset

        let moov = try Support.parseAtom(Array(bytes[Int(original.moovHeader.offset)...]))
        let stco = try #require(moov.find("trak", "mdia", "minf", "stbl", "stco"))
        var table = try ChunkOffsetTable(stco, path: "stco")
        table.offsets = table.offsets.map { $0 + delta }
        stco.payload = table.atom().payload
        moov.usedLargeSize = true
        out += moov.serialized()

        var tail = ByteWriter()
        tail.u32(1); tail.fourCC("uuid"); tail.u64(8 + 8 + 16 + 3); tail.append(userType.reversed()); tail.append([7, 8, 9])
        out += tail.bytes
        return (out, original)
    }

    /// The error's file offset for a damaged `stts` entry count, minus the box's offset, with
    /// the box's own size in 32 bits or (`largeSize`) in 64.
    static func sttsErrorDepth(largeSize: Bool, in dir: URL) throws -> UInt64? {
        let bytes = try Support.bytes(Support.fixture("movie-moov-last.mov"))
        let original = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let moovOffset = Int(original.moovHeader.offset)
        let moov = try Support.parseAtom(Array(bytes[moovOffset...]))
        try #require(moov.find("trak", "mdia", "minf", "stbl", "stts")).usedLargeSize = largeSize
        var rebuilt = Array(bytes[..<moovOffset]) + moov.serialized()   // moov last: no sample moves
        let stts = try #require(try Support.open(rebuilt, in: dir).movie.moov.find("trak", "mdia", "minf", "stbl", "stts"))
        let offset = Int(try #require(stts.originalOffset))
        #expect(Support.readU32(rebuilt, at: offset) == (largeSize ? 1 : UInt32(stts.size)))
        Support.putU32(0xFFFF_FFFF, at: offset + (largeSize ? 16 : 8) + 4, in: &rebuilt)   // after version and flags
        let error = Support.expectParseError("stts count, largeSize \(largeSize)") { _ = try Support.open(rebuilt, in: dir) }
        #expect(error?.kind == .tooLarge)
        return error.map { $0.offset - UInt64(offset) }
    }

    @Test("an error inside a box with a 64-bit size names its offset in the file: 8 bytes deeper than with a 32-bit size")
    func errorOffsetInLargeSizeBox() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let small = try #require(try Self.sttsErrorDepth(largeSize: false, in: dir))
        let large = try #require(try Self.sttsErrorDepth(largeSize: true, in: dir))
        #expect(small >= 8 + 8 && large == small + 8)
    }

    @Test("top-level uuid and 64-bit size boxes parse, and samples are found through them")
    func topLevelUUIDAndLargeSize() throws {
        let dir = try Support.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (bytes, original) = try Self.rebuilt()
        let file = try Support.open(bytes, in: dir)
        let top = file.topLevel.boxes
        #expect(top.map(\.type) == ["ftyp", "uuid", "mdat", "moov", "uuid"])
        #expect(top.map(\.headerSize) == [8, 24, 16, 16, 32])
        #expect(top[1].userType == Self.userType)
        #expect(top[1].payloadSize == 5)
        #expect(top[4].userType == Self.userType.reversed())
        #expect(top[4].payloadSize == 3)
        #expect(top.last?.end == UInt64(bytes.count))
        #expect(file.majorBrand == "qt  ")
        #expect(file.moovBeforeMedia == false)
        #expect(file.movie.moov.usedLargeSize)

        let moovBytes = Array(bytes[Int(file.moovHeader.offset)..<Int(file.moovHeader.end)])
        #expect(file.movie.moov.serialized() == moovBytes)

        let video = try #require(file.movie.videoTracks.first)
        let expected = try SampleBytesTests.sampleBytes(original, try #require(original.movie.videoTracks.first))
        #expect(try SampleBytesTests.sampleBytes(file, video) == expected)
        let mdat = top[2]
        for r in try video.sampleTable.sampleRanges() {
            #expect(r.offset >= mdat.payloadOffset && r.offset + UInt64(r.size) <= mdat.end)
        }
    }

    @Test("uuid and 64-bit size boxes inside moov parse and round-trip")
    func nestedUUIDAndLargeSize() throws {
        var mvhd = ByteWriter()
        mvhd.u32(0); mvhd.zeros(8); mvhd.u32(600); mvhd.u32(1200); mvhd.u32(0x10000); mvhd.u16(0x100); mvhd.zeros(10)
        for m: Int32 in [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000] { mvhd.i32(m) }
        mvhd.zeros(24); mvhd.u32(7)
        let udta = Support.largeBox("udta", Support.uuidBox(Self.userType, [1, 2]) + Support.largeBox("free", [3, 4, 5]) + [0, 0, 0, 0])
        let bytes = Support.box("moov", Support.box("mvhd", mvhd.bytes) + Support.uuidBox(Self.userType.reversed(), [6]) + udta)
        let atom = try Support.parseAtom(bytes, baseOffset: 1000)
        #expect(atom.children?.map(\.type) == ["mvhd", "uuid", "udta"])
        let uuid = try #require(atom.children?[1])
        #expect(uuid.userType == Self.userType.reversed())
        #expect(uuid.payload == [6])
        #expect(uuid.originalOffset == 1000 + 8 + 108)
        let ud = try #require(atom.child("udta"))
        #expect(ud.usedLargeSize)
        #expect(ud.children?.map(\.type) == ["uuid", "free", FourCC(0)])
        #expect(ud.children?[1].usedLargeSize == true)
        #expect(ud.children?[1].payload == [3, 4, 5])
        #expect(ud.children?.last?.isTerminator == true)
        #expect(atom.serialized() == bytes)

        let movie = try Movie(moov: atom)
        #expect(movie.header.timescale == 600)
        #expect(movie.durationSeconds == 2)
        #expect(movie.header.nextTrackID == 7)
        #expect(movie.tracks.isEmpty)
    }

    @Test("Atom sizes switch to the 64-bit form only when needed or already used")
    func atomSizeForms() throws {
        let small = Atom(type: "free", payload: [1, 2, 3])
        #expect(small.size == 11)
        #expect(small.serialized() == [0, 0, 0, 11] + Array("free".utf8) + [1, 2, 3])
        small.usedLargeSize = true
        #expect(small.size == 19)
        #expect(small.serialized() == [0, 0, 0, 1] + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, 19, 1, 2, 3])
        let uuid = Atom(type: "uuid", payload: [9])
        uuid.userType = Self.userType
        #expect(uuid.serialized() == [0, 0, 0, 25] + Array("uuid".utf8) + Self.userType + [9])
        let reparsed = try Support.parseAtom(Support.box("moov", uuid.serialized() + small.serialized()))
        #expect(reparsed.children?.map(\.usedLargeSize) == [false, true])
        #expect(reparsed.children?.first?.userType == Self.userType)
    }

    /// Any box under `ilst` is a container (its items are named by key index, any four bytes),
    /// so a `uuid` item is a container with a user type: its fixed fields (and the offsets its
    /// errors name) start after the whole header, in every header form.
    @Test("a container's fixed fields start after its header: compact or 64-bit size, with or without a user type")
    func fixedFieldsAfterEveryHeaderForm() throws {
        let data = Support.box("data", [0, 0, 0, 1, 0, 0, 0, 0] + Array("x".utf8))
        let items: [[UInt8]] = [Support.box(FourCC(1), data), Support.largeBox(FourCC(2), data),
                                Support.uuidBox(Self.userType, data), Support.largeBox("uuid", Self.userType + data)]
        let headers: [UInt64] = [8, 16, 24, 32]
        var hdlr = ByteWriter(); hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("mdta"); hdlr.zeros(13)
        let meta = Support.box("meta", Support.box("hdlr", hdlr.bytes) + Support.box("ilst", items.joined().map { $0 }))
        let atom = try Support.parseAtom(meta, baseOffset: 1000)
        let parsed = try #require(atom.children?.last?.children)
        #expect(parsed.map(\.type) == [FourCC(1), FourCC(2), "uuid", "uuid"])
        for (k, item) in parsed.enumerated() {
            #expect(item.isContainer && item.children?.map(\.type) == ["data"], "item \(k)")
            let start = try #require(item.originalOffset)
            #expect(item.fixedFieldsReader(path: "i").fileOffset == start + headers[k], "item \(k): a header of \(headers[k]) bytes")
            #expect(item.children?.first?.originalOffset == start + headers[k])
        }
        #expect(atom.serialized() == meta)
    }
}
