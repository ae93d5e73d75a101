import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Growing `moov` in place overwrites the region from `moov`'s first byte to the end of the
/// padding after it. A chunk whose offset lies anywhere in that region, its first byte
/// included, would be overwritten: such a movie is not grown in place.
@Suite("in-place moov growth: a chunk in the region from moov's first byte refuses it")
struct InPlaceMoovGrowthChunkInRegionTests {
    /// A copy of the moov-first fixture with the first chunk offset of the first track set to
    /// `chunkOffset` (nil: unchanged); the growth of an unedited plan for it.
    static func growth(chunkOffset: UInt32?, in dir: TempDir) throws -> (growth: InPlaceMoovGrowth?, moov: BoxHeader, regionEnd: UInt64) {
        let path = try Support.copy(Support.fixture("movie-moov-first.mov"), to: dir.url)
        let file = try MovieFile.open(path: path)
        let moov = file.moovHeader
        let boxes = file.topLevel.boxes
        let index = try #require(boxes.firstIndex { $0.offset == moov.offset })
        try #require(boxes[index + 1].type == "wide" && boxes[index + 2].type == "mdat", "moov, wide, mdat")
        if let chunkOffset {
            var bytes = try Support.bytes(path)
            let tree = try Support.parseAtom(Array(bytes[Int(moov.offset)..<Int(moov.end)]), baseOffset: moov.offset)
            let stco = try #require(tree.child("trak")?.child("mdia")?.child("minf")?.child("stbl")?.child("stco"))
            let entry = Int(try #require(stco.originalOffset)) + 16   // header, version and flags, count
            Support.putU32(chunkOffset, at: entry, in: &bytes)
            _ = try Support.write(bytes, in: dir.url, name: "movie-moov-first.mov")
        }
        let growth = try InPlaceMoovGrowth.fitting(MovieRewritePlan(file: try MovieFile.open(path: path)))
        return (growth, moov, boxes[index + 1].end)
    }

    @Test("unchanged: grown in place; a chunk at moov's first byte or the padding's last: not")
    func chunkAtTheRegionsEnds() throws {
        let dir = try TempDir()
        let (unchanged, moov, end) = try Self.growth(chunkOffset: nil, in: dir)
        #expect(unchanged != nil, "the unedited moov fits moov and its padding")
        #expect(try Self.growth(chunkOffset: UInt32(moov.offset), in: dir).growth == nil, "a chunk at moov's first byte")
        #expect(try Self.growth(chunkOffset: UInt32(end - 1), in: dir).growth == nil, "a chunk at the padding's last byte")
    }
}
