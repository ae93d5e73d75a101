import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// The `ftyp` a whole-file rewrite writes when the plan gives a replacement: a movie without
/// one gets it first; a movie with one has that one replaced, and only that one (a second
/// `ftyp` further on is someone's box, carried byte for byte).
@Suite("whole-file rewrite: the replacement ftyp, first, once")
struct WholeFileMovieFileTypeTests {
    static func rewrite(_ path: String, to out: String) throws {
        let plan = MovieRewritePlan(file: try MovieFile.open(path: path))
        plan.replacementFileType = MovieRewritePlan.quickTimeFileType()
        try WholeFileMovieWriter.prepare(plan, targetPath: out).commit()
    }

    static func types(_ path: String) throws -> [String] {
        try TopLevelBoxes.scan(FileSource(path: path)).boxes.map(\.type.description)
    }

    @Test("a movie without ftyp: the replacement is written first")
    func missingFileTypeIsWrittenFirst() throws {
        let dir = try TempDir()
        let source = Support.fixture("movie-no-ftyp.mov")
        try #require(try TopLevelBoxes.scan(FileSource(path: source)).first("ftyp") == nil)
        let out = dir.path("out.mov")
        try Self.rewrite(source, to: out)
        #expect(try Self.types(out) == ["ftyp"] + Self.types(source))
        #expect(try MovieFile.open(path: out).majorBrand == "qt  ")
    }

    @Test("a second ftyp after the media is carried as it was; only the first is replaced")
    func secondFileTypeIsCarried() throws {
        let dir = try TempDir()
        let extra = Support.box("ftyp", Array("isom".utf8) + Support.u32(0x200) + Array("isomiso2".utf8))
        let source = try dir.write("two.mp4", try Support.bytes(Support.fixture("movie-mp4.mp4")) + extra)
        let out = dir.path("out.mov")
        try Self.rewrite(source, to: out)
        let boxes = try TopLevelBoxes.scan(FileSource(path: out)).boxes
        #expect(boxes.map(\.type) == (try TopLevelBoxes.scan(FileSource(path: source)).boxes.map(\.type)))
        #expect(try MovieFile.open(path: out).majorBrand == "qt  ")
        let last = try #require(boxes.last)
        let bytes = try Support.bytes(out)
        #expect(last.type == "ftyp" && Array(bytes[Int(last.offset)...]) == extra)
    }
}
