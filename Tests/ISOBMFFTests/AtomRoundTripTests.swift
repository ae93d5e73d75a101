import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

@Suite("Atom tree round trip")
struct AtomRoundTripTests {
    static let files: [String] = Support.movieFixtures.map { "fixture:" + $0 } + ["corpus:avfoundation-pair/IMG.MOV"]

    /// The file's path; a corpus file that is absent cancels the test case (fails under CI=true).
    static func path(_ name: String) throws -> String {
        if name.hasPrefix("corpus:") { return try Support.requireCorpusFile(String(name.dropFirst(7))) }
        return Support.fixture(String(name.dropFirst(8)))
    }

    @Test("moov parsed and serialized is byte-identical", arguments: files)
    func moovRoundTrip(_ name: String) throws {
        let path = try Self.path(name)
        let file = try MovieFile.open(path: path)
        let header = file.moovHeader
        let bytes = try file.source.read(at: header.offset, count: Int(header.size))
        #expect(file.movie.moov.size == header.size)
        #expect(file.movie.moov.serialized() == bytes)

        // Parsed again from the same bytes, at offset 0 this time.
        let again = try Support.parseAtom(bytes)
        #expect(again.serialized() == bytes)

        // Every atom sits where it says, with its size and type in the file.
        let all = Support.allAtoms(file.movie.moov)
        #expect(all.count > 20)
        for (atom, atomPath) in all where !atom.isTerminator {
            let offset = try #require(atom.originalOffset, "\(atomPath)")
            let head = try file.source.read(at: offset, count: 8)
            #expect(FourCC(Support.readU32(head, at: 4)) == atom.type, "\(atomPath)")
            if !atom.usedLargeSize { #expect(UInt64(Support.readU32(head, at: 0)) == atom.size, "\(atomPath)") }
            let serialized = atom.serialized()
            #expect(serialized == (try file.source.read(at: offset, count: serialized.count)), "\(atomPath)")
        }
        // The structural boxes are containers; stsd, the sample entries and the mebx keys are opened up.
        let containers = Set(all.filter { $0.atom.isContainer }.map { $0.atom.type })
        #expect(containers.isSuperset(of: ["moov", "trak", "mdia", "minf", "stbl", "dinf", "stsd"] as Set<FourCC>))
        let leaves = Set(all.filter { !$0.atom.isContainer }.map { $0.atom.type })
        #expect(leaves.isSuperset(of: ["mvhd", "tkhd", "mdhd", "hdlr", "stts", "stsc", "stsz"] as Set<FourCC>))
        if name.hasPrefix("corpus:") {
            #expect(containers.isSuperset(of: ["mebx", "keys", "meta", "gmhd", "tapt"] as Set<FourCC>))
            #expect(all.contains { $0.path == "moov/trak[2]/mdia/minf/stbl/stsd/mebx/keys/\\x00\\x00\\x00\\x01/dtyp" })
            // The registry opens `ilst` and its items; `data` under an item stays a leaf.
            #expect(all.contains { $0.path == "moov/meta/ilst" && $0.atom.isContainer })
            #expect(all.contains { $0.path.hasPrefix("moov/meta/ilst/") && $0.path.hasSuffix("/data") && !$0.atom.isContainer })
        }
    }

    @Test("editing one box leaves every other byte of moov as it was")
    func untouchedBoxesCopied() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let header = file.moovHeader
        let original = try file.source.read(at: header.offset, count: Int(header.size))
        let moov = try Support.parseAtom(original, baseOffset: header.offset)
        let stcos = Support.allAtoms(moov).filter { $0.atom.type == "stco" }.map(\.atom)
        #expect(stcos.count == 2)
        let target = stcos[1]
        var table = try ChunkOffsetTable(target, path: "stco")
        table.offsets = table.offsets.map { $0 + 0x01010101 }
        target.payload = table.atom().payload
        let edited = moov.serialized()
        #expect(edited.count == original.count)
        let start = Int(target.originalOffset! - header.offset) + 16
        let end = Int(target.originalOffset! - header.offset) + Int(target.size)
        let changed = (0..<original.count).filter { original[$0] != edited[$0] }
        #expect(!changed.isEmpty)
        #expect(changed.allSatisfy { $0 >= start && $0 < end })

        // Growing a box changes the sizes of its ancestors and nothing else before it.
        table.offsets.append(0x7FFF_FFFF)
        target.payload = table.atom().payload
        let grown = moov.serialized()
        #expect(grown.count == original.count + 4)
        let reparsed = try Support.parseAtom(grown)
        let tables = try Support.allAtoms(reparsed).filter { $0.atom.type == "stco" }.map { try ChunkOffsetTable($0.atom, path: "stco") }
        #expect(tables.last?.offsets.last == 0x7FFF_FFFF)
        #expect(try tables.first == ChunkOffsetTable(stcos[0], path: "stco"))
        #expect(try Movie(moov: reparsed).tracks.count == 2)
    }

    @Test("visit names repeated siblings with an index")
    func visitPaths() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let paths = Support.allAtoms(file.movie.moov).map(\.path)
        #expect(paths.first == "moov")
        #expect(paths.contains("moov/trak[1]/mdia/minf/stbl/stco"))
        #expect(paths.contains("moov/trak[2]/mdia/minf/stbl/stsd/mp4a"))
        #expect(file.movie.tracks.map(\.path) == ["moov/trak[1]", "moov/trak[2]"])
        let hdlr = try #require(file.movie.moov.find("trak", "mdia", "hdlr"))
        #expect(try HandlerReference(hdlr, path: "").handlerType == "vide")
    }

    @Test("ChunkOffsetTable reads stco and co64 and widens when needed")
    func chunkOffsets() throws {
        let stco = ChunkOffsetTable(offsets: [8, 0xFFFF_FFFF], is64Bit: false).atom()
        #expect(stco.type == "stco")
        #expect(try ChunkOffsetTable(stco, path: "stco").offsets == [8, 0xFFFF_FFFF])
        let wide = ChunkOffsetTable(offsets: [8, 0x1_0000_0000], is64Bit: false)
        #expect(wide.needs64Bit)
        let co64 = wide.atom()
        #expect(co64.type == "co64")
        let back = try ChunkOffsetTable(co64, path: "co64")
        #expect(back.is64Bit)
        #expect(back.offsets == [8, 0x1_0000_0000])
        let fixture = try MovieFile.open(path: Support.fixture("movie-co64.mov"))
        let last = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        #expect(fixture.movie.videoTracks.first?.sampleTable.chunkOffsets.offsets == last.movie.videoTracks.first?.sampleTable.chunkOffsets.offsets)
    }
}
