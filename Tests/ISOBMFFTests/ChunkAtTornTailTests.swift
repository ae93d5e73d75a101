import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// After a moov-first movie's media, an incomplete box is a trailer only where no chunk starts:
/// a chunk that starts exactly at that box (or after it) means the media itself was cut off,
/// and the movie is refused as truncated at the box's offset.
@Suite("a chunk starting exactly at the incomplete box after the media: truncated")
struct ChunkAtTornTailTests {
    /// Where the last chunk offset of the movie sits in the file, and how wide it is.
    static func lastChunkOffsetField(_ file: MovieFile) throws -> (at: Int, width: Int) {
        var best: (value: UInt64, at: Int, width: Int)? = nil
        for track in file.movie.tracks {
            let stbl = try #require(track.atom.find("mdia", "minf", "stbl"))
            let box = try #require(stbl.child("stco") ?? stbl.child("co64"))
            let width = box.type == "co64" ? 8 : 4
            let table = try ChunkOffsetTable(box, path: "stco")
            let payload = Int(try #require(box.originalOffset)) + (box.usedLargeSize ? 16 : 8)
            for (i, value) in table.offsets.enumerated() where value >= best?.value ?? 0 {
                best = (value, payload + 8 + i * width, width)
            }
        }
        let found = try #require(best)
        return (found.at, found.width)
    }

    @Test("moov-first fixture, a torn box appended: tolerated as a trailer; the last chunk moved onto it: refused at its offset")
    func chunkAtTheTornBox() throws {
        let dir = try TempDir()
        let original = try Support.bytes(Support.fixture("movie-moov-first.mov"))
        let torn: [UInt8] = [0, 0, 0, 100] + Array("free".utf8) + [1, 2]
        let tail = UInt64(original.count)

        let tolerated = try Support.open(original + torn, in: dir.url, name: "trailer.mov")
        #expect(tolerated.topLevel.incompleteTailOffset == tail)

        let field = try Self.lastChunkOffsetField(try MovieFile.open(path: Support.fixture("movie-moov-first.mov")))
        var bytes = original
        for k in 0..<field.width { bytes[field.at + k] = UInt8(truncatingIfNeeded: tail >> UInt64(8 * (field.width - 1 - k))) }
        bytes += torn
        let error = Support.expectParseError("a chunk at the torn box") { _ = try Support.open(bytes, in: dir.url, name: "cut.mov") }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "truncated: a box runs past the end of the file")
        #expect(error?.offset == tail)
    }
}
