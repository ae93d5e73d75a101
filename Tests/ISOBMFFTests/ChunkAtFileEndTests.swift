import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// A chunk starts inside the file: a track with samples whose chunk offset is the file's size
/// (the first byte after its end) has media that was cut off, and the movie is refused as
/// truncated when it is opened, however few samples the track has; a chunk starting at the
/// last bytes of the file is inside it.
@Suite("a chunk offset equal to the file's size: refused as truncated, even for one sample")
struct ChunkAtFileEndTests {
    /// `ftyp` and a `moov` of one video track holding one 4-byte sample, its one chunk at
    /// `size - back` where `size` is the file's size.
    static func movie(chunkBack back: UInt64) throws -> [UInt8] {
        let track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]),
                                  rotationDegrees: 0, timescale: 600, samples: [.init(bytes: [1, 2, 3, 4], duration: 600, isSync: true)])
        let trak = track.track(trackID: 1, movieTimescale: 600).atom()
        let moov = Atom(type: "moov", children: [MovieHeader(timescale: 600, duration: 600, nextTrackID: 2).atom(), trak])
        let ftyp = FileTypeBox.quickTime.atom().serialized()
        let size = UInt64(ftyp.count) + moov.size   // the stco entry keeps its width: the size does not change
        let stco = try #require(trak.find("mdia", "minf", "stbl", "stco"))
        stco.payload = ChunkOffsetTable(offsets: [size - back], is64Bit: false).atom().payload
        let bytes = ftyp + moov.serialized()
        #expect(UInt64(bytes.count) == size)
        return bytes
    }

    @Test("the one sample's chunk at the file's size: truncated, naming the size and the offset")
    func chunkAtTheEnd() throws {
        let dir = try TempDir()
        let bytes = try Self.movie(chunkBack: 0)
        let error = Support.expectParseError("chunk at the end") { _ = try Support.open(bytes, in: dir.url, name: "cut.mov") }
        #expect(error?.kind == .truncated)
        #expect(error?.message == "truncated: media data lies past the end of the file (\(bytes.count) bytes)", "\(String(describing: error))")
        #expect(error?.offset == UInt64(bytes.count))
    }

    @Test("the chunk at the file's last 4 bytes: inside the file, opened")
    func chunkAtTheLastBytes() throws {
        let dir = try TempDir()
        let file = try Support.open(try Self.movie(chunkBack: 4), in: dir.url, name: "inside.mov")
        #expect(file.movie.tracks.first?.sampleTable.sampleCount == 1)
    }
}
