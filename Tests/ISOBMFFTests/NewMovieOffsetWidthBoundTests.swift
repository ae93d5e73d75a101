import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A new movie's chunk offsets are 32-bit (`stco`) while ftyp, moov, a 16-byte mdat header and
/// all the media (as `moov` is before the offsets are placed) end within UInt32.max, and
/// 64-bit (`co64`) one byte past that. The chunks share one buffer, so 4 GiB costs a megabyte.
@Suite("new movie: stco up to UInt32.max, co64 one byte past it")
struct NewMovieOffsetWidthBoundTests {
    static let chunk = [UInt8](repeating: 0x5C, count: 1 << 20)
    static let header = MovieHeader(timescale: 600, duration: 600, nextTrackID: 2)

    /// A track with only the sample table the offsets go into.
    static func bareTrack() -> Atom {
        Atom(type: "trak", children: [Atom(type: "mdia", children: [Atom(type: "minf", children: [Atom(type: "stbl", children: [])])])])
    }

    /// The offset table's type for media of `payload` bytes.
    static func tableType(payload: UInt64) throws -> FourCC {
        let whole = Int(payload) / Self.chunk.count
        let chunks = Array(repeating: Self.chunk, count: whole) + [Array(Self.chunk.prefix(Int(payload) - whole * Self.chunk.count))]
        #expect(chunks.reduce(UInt64(0)) { $0 + UInt64($1.count) } == payload)
        let image = try NewMovieImage(header: Self.header, media: [.init(trak: Self.bareTrack(), chunks: chunks)], others: [])
        let stbl = try #require(image.moov.find("trak", "mdia", "minf", "stbl"))
        return try #require(stbl.children?.first { $0.type == "co64" || $0.type == "stco" }).type
    }

    @Test("ftyp + moov + 16 + media == UInt32.max: stco; one byte more: co64")
    func widthAtTheBound() throws {
        let before = UInt64(FileTypeBox.quickTime.atom().size) + Atom(type: "moov", children: [Self.header.atom(), Self.bareTrack()]).size + 16
        let payload = UInt64(UInt32.max) - before
        #expect(try Self.tableType(payload: payload) == "stco")
        #expect(try Self.tableType(payload: payload + 1) == "co64")
    }
}
