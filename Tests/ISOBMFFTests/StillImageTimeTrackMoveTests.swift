import Testing
import BinaryIO
@testable import ISOBMFF

/// Moving an existing still-image-time track's sample: an empty edit of exactly `tick` ticks
/// (none at tick 0), then the sample's edit. A track without an edit list shows its whole media,
/// converted from its own timescale, whatever that is (1 too: one tick a second).
@Suite("still-image-time track moved: the empty edit, and the media's length in movie ticks")
struct StillImageTimeTrackMoveTests {
    static func movie() throws -> Movie {
        let movie = try MovieFile.open(path: Support.fixture("movie-moov-last.mov")).movie
        try #require(movie.header.timescale > 40 && movie.header.duration >= UInt64(movie.header.timescale) + 40, "a movie of over 1 s")
        return movie
    }

    static func moved(_ trak: Atom, to tick: Int64, movie: Movie, dropEdits: Bool = false) throws -> Track {
        let parsed = try Support.parseAtom(trak.serialized())
        if dropEdits { parsed.children?.removeAll { $0.type == "edts" } }
        StillImageTimeTrackEdit.move(try Track(parsed, index: 2, path: "trak"), to: tick, sampleDuration: 20, movie: movie)
        return try Track(parsed, index: 2, path: "trak")
    }

    @Test("tick 0: the sample's edit alone; tick 1 and 2: an empty edit of that many ticks first", arguments: [Int64(0), 1, 2])
    func emptyEditOfTheTick(tick: Int64) throws {
        let movie = try Self.movie()
        let ts = movie.header.timescale
        let trak = StillImageTimeTrack.makeTrack(trackID: 2, videoTrackID: 1, movieTimescale: ts, stillTick: 0, sampleDuration: 20)
        let track = try Self.moved(trak, to: tick, movie: movie)
        let sample = EditList.Entry(duration: 20, mediaTime: 0, rate: 0x10000)
        #expect(track.edits?.entries == (tick == 0 ? [sample] : [.init(duration: UInt64(tick), mediaTime: -1, rate: 0x10000), sample]), "tick \(tick)")
        #expect(track.header.duration == UInt64(tick) + 20)
        #expect(track.firstSamplePresentationTime(movieTimescale: ts) == Double(tick) / Double(ts))
    }

    @Test("no edit list, media timescale 1: one media tick is a second of movie ticks")
    func wholeSecondMediaTimescale() throws {
        let movie = try Self.movie()
        let ts = movie.header.timescale
        let trak = StillImageTimeTrack.makeTrack(trackID: 2, videoTrackID: 1, movieTimescale: 1, stillTick: 0, sampleDuration: 1)
        let track = try Self.moved(trak, to: 0, movie: movie, dropEdits: true)
        try #require(track.mediaHeader.timescale == 1 && track.sampleTable.mediaDuration == 1)
        #expect(track.edits?.entries == [.init(duration: UInt64(ts), mediaTime: 0, rate: 0x10000)])
        #expect(track.header.duration == UInt64(ts))
    }
}
