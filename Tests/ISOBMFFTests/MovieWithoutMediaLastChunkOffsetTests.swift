import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// `MovieFile.lastChunkOffset` is the largest chunk offset of any track, and 0 for a movie
/// with no chunk at all (no track, or only tracks whose `stco` is empty): there is no media
/// whose start a tail could hold.
@Suite("a movie without media: last chunk offset 0")
struct MovieWithoutMediaLastChunkOffsetTests {
    /// `ftyp` then a `moov` of `mvhd` and `tracks`, opened from a file.
    static func open(tracks: [Atom], in dir: TempDir, name: String) throws -> MovieFile {
        let moov = Atom(type: "moov", children: [MovieHeader(timescale: 600, duration: 0, nextTrackID: UInt32(tracks.count + 1)).atom()] + tracks)
        return try Support.open(FileTypeBox.quickTime.atom().serialized() + moov.serialized(), in: dir.url, name: name)
    }

    @Test("a moov holding only mvhd")
    func noTrack() throws {
        let dir = try TempDir()
        let file = try Self.open(tracks: [], in: dir, name: "empty.mov")
        #expect(file.movie.tracks.isEmpty)
        #expect(file.lastChunkOffset == 0)
    }

    @Test("a video track with no samples (an empty stco)")
    func trackWithoutChunks() throws {
        let dir = try TempDir()
        let track = NewVideoTrack(configuration: VideoCodecConfiguration(codec: .hevc, width: 64, height: 48, decoderConfiguration: [1]),
                                  rotationDegrees: 0, timescale: 600, samples: [])
        let file = try Self.open(tracks: [track.track(trackID: 1, movieTimescale: 600).atom()], in: dir, name: "no-samples.mov")
        #expect(file.movie.tracks.count == 1 && file.movie.tracks[0].sampleTable.chunkOffsets.offsets.isEmpty)
        #expect(file.lastChunkOffset == 0)
        #expect(MovieFile.lastChunkOffset([]) == 0)
    }

    /// The counterpart: with media, the largest offset of every track's table.
    @Test("with media: the largest chunk offset of all tracks")
    func withMedia() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-audio.mov"))
        let largest = try #require(file.movie.tracks.flatMap(\.sampleTable.chunkOffsets.offsets).max())
        #expect(largest > 0 && file.lastChunkOffset == largest)
    }
}
