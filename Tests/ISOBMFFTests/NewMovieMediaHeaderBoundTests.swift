import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A new movie's `mdat` gets an 8-byte header while the box (header included) fits a 32-bit
/// size, a 16-byte one past that; the chunk offsets are placed after the header `write` then
/// writes. At the bound: media of UInt32.max - 8 bytes (a box of exactly UInt32.max) and one
/// byte more. The chunks share one buffer, so 4 GiB of media costs a megabyte.
@Suite("new movie: chunk offsets start after the mdat header written, at the 32-bit bound")
struct NewMovieMediaHeaderBoundTests {
    static let chunk = [UInt8](repeating: 0x33, count: 1 << 20)

    /// A track with only the sample table the offsets go into.
    static func bareTrack() -> Atom {
        Atom(type: "trak", children: [Atom(type: "mdia", children: [Atom(type: "minf", children: [Atom(type: "stbl", children: [])])])])
    }

    @Test("media of UInt32.max - 8 bytes: 8-byte header; one byte more: 16", arguments: [(UInt64(UInt32.max) - 8, 8), (UInt64(UInt32.max) - 7, 16)])
    func firstChunkAfterHeader(payload: UInt64, headerSize: Int) throws {
        let whole = Int(payload) / Self.chunk.count
        let chunks = Array(repeating: Self.chunk, count: whole) + [Array(Self.chunk.prefix(Int(payload) - whole * Self.chunk.count))]
        #expect(chunks.reduce(UInt64(0)) { $0 + UInt64($1.count) } == payload)
        let image = try NewMovieImage(header: MovieHeader(timescale: 600, duration: 600, nextTrackID: 2),
                                      media: [.init(trak: Self.bareTrack(), chunks: chunks)], others: [])
        let written = BoxHeader.bytes(type: "mdat", payloadSize: payload)
        #expect(written.count == headerSize)
        let stbl = try #require(image.moov.find("trak", "mdia", "minf", "stbl"))
        let table = try ChunkOffsetTable(try #require(stbl.children?.first { $0.type == "co64" || $0.type == "stco" }), path: "stbl/co64")
        #expect(table.offsets.count == chunks.count)
        #expect(table.offsets.first == image.fileType.size + image.moov.size + UInt64(headerSize))
        #expect(table.offsets.last == image.fileType.size + image.moov.size + UInt64(headerSize) + UInt64(whole) * UInt64(Self.chunk.count))
    }
}
