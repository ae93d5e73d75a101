import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// `Track.offset` names where the `trak` box starts in the file, for errors about the whole
/// track; a track built in memory (not read from a file) has no place yet and names 0.
@Suite("Track.offset: 0 for a track built here, the trak's start for one read")
struct BuiltTrackOffsetTests {
    static func newTrack() -> NewTrack {
        NewVideoTrack(configuration: VideoCodecConfiguration(codec: .h264, width: 64, height: 48, decoderConfiguration: [1]), rotationDegrees: 0,
                      timescale: 600, samples: (0..<3).map { .init(bytes: [UInt8($0)], duration: 20, isSync: true) })
            .track(trackID: 1, movieTimescale: 600)
    }

    @Test("a trak built in memory names offset 0")
    func builtTrack() throws {
        let atom = Self.newTrack().atom()
        #expect(atom.originalOffset == nil)
        let track = try Track(atom, index: 1, path: "trak")
        #expect(track.trackID == 1 && track.sampleTable.sampleCount == 3)
        #expect(track.offset == 0)
    }

    @Test("a trak read from a file names where its box starts")
    func readTrack() throws {
        let path = Support.fixture("movie-moov-last.mov")
        let file = try MovieFile.open(path: path)
        let track = try #require(file.movie.tracks.first)
        #expect(track.offset > 0)
        #expect(try file.source.read(at: track.offset + 4, count: 4) == Array("trak".utf8))
    }
}
