import Testing
import BinaryIO
import TestSupport
@testable import ISOBMFF

/// Where `StillImageTimeTrackEdit` puts the still-image-time sample, at the edges the move and
/// add tests leave: the sample's own edit (media time 0 included) kept with its duration, an
/// edit of duration 0 given the sample's duration, a whole-media fallback in a movie of
/// timescale 1, a still near the movie's end shortened to end with it, and a track added at
/// tick 0 (no empty edit) with a one-tick sample.
@Suite("still-image-time track placed: the sample's edit, zero durations, timescale 1, the movie's end, tick 0, no media length")
struct StillImageTimeTrackPlacementTests {
    static func fixtureMovie() throws -> Movie {
        let movie = try MovieFile.open(path: Support.fixture("movie-moov-last.mov")).movie
        try #require(movie.header.timescale > 40 && movie.header.duration >= 100, "a movie of over 100 ticks")
        return movie
    }

    /// The track `makeTrack` builds, its edit list replaced by `edits` (nil: no edit list),
    /// moved to `tick` and read back.
    static func moved(edits: [EditList.Entry]?, timescale: UInt32, to tick: Int64, sampleDuration: Int64, movie: Movie) throws -> Track {
        let trak = StillImageTimeTrack.makeTrack(trackID: 2, videoTrackID: 1, movieTimescale: timescale, stillTick: 0, sampleDuration: 20)
        let parsed = try Support.parseAtom(trak.serialized())
        if let edits {
            try #require(parsed.child("edts") != nil)
            parsed.child("edts")?.children = [EditList(entries: edits).atom()]
        } else {
            parsed.children?.removeAll { $0.type == "edts" }
        }
        StillImageTimeTrackEdit.move(try Track(parsed, index: 2, path: "trak"), to: tick, sampleDuration: sampleDuration, movie: movie)
        return try Track(try Support.parseAtom(parsed.serialized()), index: 2, path: "trak")
    }

    @Test("the sample's edit at media time 0 is kept as it is, its duration too")
    func mediaTimeZeroEditKept() throws {
        let movie = try Self.fixtureMovie()
        let edit = EditList.Entry(duration: 50, mediaTime: 0, rate: 0x10000)
        let track = try Self.moved(edits: [edit], timescale: movie.header.timescale, to: 0, sampleDuration: 20, movie: movie)
        #expect(track.edits?.entries == [edit])
        #expect(track.header.duration == 50)
    }

    @Test("an edit of duration 0 gets the sample's duration, at least one tick", arguments: [(Int64(20), UInt64(20)), (1, 1), (0, 1)])
    func zeroDurationEdit(sampleDuration: Int64, expected: UInt64) throws {
        let movie = try Self.fixtureMovie()
        let track = try Self.moved(edits: [.init(duration: 0, mediaTime: 0, rate: 0x10000)], timescale: movie.header.timescale,
                                   to: 0, sampleDuration: sampleDuration, movie: movie)
        #expect(track.edits?.entries == [.init(duration: expected, mediaTime: 0, rate: 0x10000)], "sample duration \(sampleDuration)")
    }

    @Test("no edit list, movie and media timescale 1: one media tick is one movie tick")
    func movieTimescaleOne() throws {
        let movie = try Movie(moov: Atom(type: "moov", children: [MovieHeader(timescale: 1, duration: 100, nextTrackID: 3).atom()]))
        try #require(movie.header.timescale == 1)
        let track = try Self.moved(edits: nil, timescale: 1, to: 0, sampleDuration: 1, movie: movie)
        try #require(track.mediaHeader.timescale == 1 && track.sampleTable.mediaDuration == 20)
        #expect(track.edits?.entries == [.init(duration: 20, mediaTime: 0, rate: 0x10000)])
    }

    /// A time-to-sample table whose sum saturates (two runs of 2^32 - 1 samples of 2^32 - 1
    /// ticks): no media length is known, so the sample's own duration is its edit.
    @Test("no edit list and a media length past UInt64: the edit lasts the sample's duration")
    func saturatedMediaLength() throws {
        let movie = try Self.fixtureMovie()
        try #require(movie.header.duration > UInt64(movie.header.timescale) && movie.header.timescale > 20)
        let trak = StillImageTimeTrack.makeTrack(trackID: 2, videoTrackID: 1, movieTimescale: 1, stillTick: 0, sampleDuration: 1)
        let parsed = try Support.parseAtom(trak.serialized())
        parsed.children?.removeAll { $0.type == "edts" }
        let stts = try #require(parsed.find("mdia", "minf", "stbl", "stts"))
        let run = Support.u32(0xFFFF_FFFF) + Support.u32(0xFFFF_FFFF)
        stts.payload = [0, 0, 0, 0] + Support.u32(2) + run + run
        let track = try Track(parsed, index: 2, path: "trak")
        try #require(track.sampleTable.mediaDuration == UInt64.max && track.mediaHeader.timescale == 1)
        StillImageTimeTrackEdit.move(track, to: 0, sampleDuration: 20, movie: movie)
        let after = try Track(try Support.parseAtom(parsed.serialized()), index: 2, path: "trak")
        #expect(after.edits?.entries == [.init(duration: 20, mediaTime: 0, rate: 0x10000)])
    }

    @Test("a still 5 ticks before the movie's end: the sample's edit is cut to 5, the track ends with the movie")
    func nearTheEndIsShortened() throws {
        let movie = try Self.fixtureMovie()
        let end = movie.header.duration
        let track = try Self.moved(edits: [.init(duration: 20, mediaTime: 0, rate: 0x10000)], timescale: movie.header.timescale,
                                   to: Int64(end) - 5, sampleDuration: 20, movie: movie)
        #expect(track.edits?.entries == [.init(duration: end - 5, mediaTime: -1, rate: 0x10000), .init(duration: 5, mediaTime: 0, rate: 0x10000)])
        #expect(track.header.duration == end)
    }

    /// The track `add` queues for the fixture at `tick`, read back from the plan's moov.
    static func added(at tick: Int64, sampleDuration: Int64) throws -> Track {
        let plan = MovieRewritePlan(file: try MovieFile.open(path: Support.fixture("movie-moov-last.mov")))
        let video = try #require(plan.file.movie.videoTracks.first)
        try StillImageTimeTrackEdit.add(trackID: 9, at: tick, sampleDuration: sampleDuration, video: video, plan: plan)
        let trak = try #require(plan.moov.children?.first { atom in
            atom.type == "trak" && atom.child("tkhd").flatMap { try? TrackHeader($0, path: "tkhd").trackID } == 9
        })
        return try Track(try Support.parseAtom(trak.serialized()), index: 1, path: "trak")
    }

    @Test("a track added at tick 0 has the sample's edit alone, from tick 0")
    func addedAtTickZero() throws {
        let track = try Self.added(at: 0, sampleDuration: 20)
        #expect(track.edits?.entries == [.init(duration: 20, mediaTime: 0, rate: 0x10000)])
        #expect(track.header.duration == 20)
    }

    @Test("a track added with a sample of 1 tick (or 0) shows it for 1 tick", arguments: [Int64(1), 0])
    func addedOneTickSample(sampleDuration: Int64) throws {
        let track = try Self.added(at: 0, sampleDuration: sampleDuration)
        #expect(track.edits?.entries == [.init(duration: 1, mediaTime: 0, rate: 0x10000)])
    }
}
