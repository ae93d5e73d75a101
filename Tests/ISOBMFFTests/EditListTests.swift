import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

@Suite("Edit lists and presentation time")
struct EditListTests {
    typealias Entry = EditList.Entry
    static let one: Int32 = 0x10000

    static func time(_ media: Int64, _ edits: EditList?, media mediaTimescale: UInt32 = 1000, movie movieTimescale: UInt32 = 600) -> FrameTiming.ExactTime? {
        EditList.presentationStart(ofMediaTime: media, edits: edits, mediaTimescale: mediaTimescale, movieTimescale: movieTimescale)
    }

    /// `t` is exactly `numerator / denominator` seconds (no tolerance: the mapping is integer).
    static func exactly(_ t: FrameTiming.ExactTime?, _ numerator: Int128, _ denominator: Int128 = 1) -> Bool {
        t.map { $0.numerator * denominator == numerator * $0.scale } ?? false
    }

    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    @Test("no edit list: media time is presentation time")
    func noEdits() {
        #expect(Self.exactly(Self.time(1500, nil), 3, 2))
        #expect(Self.exactly(Self.time(0, nil), 0))
        #expect(Self.exactly(Self.time(1500, EditList(entries: [])), 3, 2))
        #expect(Self.exactly(Self.time(-1000, nil), -1))
        let span = EditList.presentedSpan(edits: nil, trackDuration: 2.5, movieTimescale: 600)
        #expect(span.start == 0 && span.end == 2.5)
    }

    @Test("an empty edit then a media edit shifts media later")
    func emptyThenMedia() {
        // 1 s of nothing, then media 0..2 s.
        let edits = EditList(entries: [Entry(duration: 600, mediaTime: -1, rate: Self.one), Entry(duration: 1200, mediaTime: 0, rate: Self.one)])
        #expect(Self.exactly(Self.time(0, edits), 1))
        #expect(Self.exactly(Self.time(500, edits), 3, 2))
        #expect(Self.exactly(Self.time(1999, edits), 2999, 1000))
        #expect(Self.time(2500, edits) == nil)
        #expect(Self.time(-1, edits) == nil)
        // The edit's end is exact: the instant it ends is shown (a sample of no duration
        // there), one media tick later is not.
        #expect(Self.exactly(Self.time(2000, edits), 3))
        #expect(Self.time(2001, edits) == nil)
        #expect(Self.exactly(Self.time(1_999_999_999, edits, media: 1_000_000_000), 2_999_999_999, 1_000_000_000))
        #expect(Self.time(2_000_000_001, edits, media: 1_000_000_000) == nil, "a nanosecond past the end")
        let span = EditList.presentedSpan(edits: edits, trackDuration: 3, movieTimescale: 600)
        #expect(Self.close(span.start, 1.0) && Self.close(span.end, 3.0))
        // The still-image-time shape: empty edit to the still, one media sample.
        let still = EditList(entries: [Entry(duration: 881, mediaTime: -1, rate: Self.one), Entry(duration: 20, mediaTime: 0, rate: Self.one)])
        #expect(Self.exactly(Self.time(0, still, media: 600), 881, 600))
    }

    @Test("a media edit starting inside the media trims its start")
    func trimmedStart() {
        // Media 1..3 s shown from 0 (as ffmpeg writes for B-frame delay).
        let edits = EditList(entries: [Entry(duration: 1200, mediaTime: 1000, rate: Self.one)])
        #expect(Self.exactly(Self.time(1000, edits), 0))
        #expect(Self.exactly(Self.time(2500, edits), 3, 2))
        #expect(Self.time(500, edits) == nil, "trimmed away")
        #expect(Self.time(3500, edits) == nil)
        // Media timescale differs from the movie's.
        let ffmpeg = EditList(entries: [Entry(duration: 2000, mediaTime: 2048, rate: Self.one)])
        #expect(Self.exactly(Self.time(2048 + 1024, ffmpeg, media: 15360, movie: 1000), 1024, 15360))
    }

    @Test("dwell edits hold one media instant")
    func dwell() {
        // Nothing for 1 s, media instant 2 s held for 0.5 s, then media 0..1 s.
        let edits = EditList(entries: [
            Entry(duration: 600, mediaTime: -1, rate: Self.one),
            Entry(duration: 300, mediaTime: 2000, rate: 0),
            Entry(duration: 600, mediaTime: 0, rate: Self.one),
        ])
        #expect(Self.exactly(Self.time(2000, edits), 1))
        #expect(Self.exactly(Self.time(500, edits), 2))
        #expect(Self.time(2100, edits) == nil, "a dwell shows only its instant")
        // At a microsecond media timescale the dwell's instant (2 ms) also lies in the last
        // edit: the instant is first shown by the dwell, a microsecond later only by that edit.
        #expect(Self.exactly(Self.time(2000, edits, media: 1_000_000), 1))
        #expect(Self.exactly(Self.time(2001, edits, media: 1_000_000), 1_502_001, 1_000_000), "a microsecond off the dwell's instant")
        let span = EditList.presentedSpan(edits: edits, trackDuration: 0, movieTimescale: 600)
        #expect(Self.close(span.start, 1.0) && Self.close(span.end, 2.5))
        // Only empty edits: nothing is presented.
        let empty = EditList(entries: [Entry(duration: 600, mediaTime: -1, rate: Self.one)])
        #expect(Self.time(0, empty) == nil)
        let emptySpan = EditList.presentedSpan(edits: empty, trackDuration: 1, movieTimescale: 600)
        #expect(emptySpan.start == 0 && emptySpan.end == 0)
    }

    @Test("elst version 0 and 1 parse, with bounds")
    func parse() throws {
        var w = ByteWriter()
        w.u32(0); w.u32(2)
        w.u32(600); w.i32(-1); w.i32(Self.one)
        w.u32(1200); w.i32(0); w.i32(Self.one)
        var list = try EditList(Atom(type: "elst", payload: w.bytes), path: "elst")
        #expect(list.entries == [Entry(duration: 600, mediaTime: -1, rate: Self.one), Entry(duration: 1200, mediaTime: 0, rate: Self.one)])

        w = ByteWriter()
        w.u32(0x0100_0000); w.u32(1)
        w.u64(1 << 40); w.i64(-1); w.i32(0)
        list = try EditList(Atom(type: "elst", payload: w.bytes), path: "elst")
        #expect(list.entries == [Entry(duration: 1 << 40, mediaTime: -1, rate: 0)])

        w = ByteWriter()
        w.u32(0x0100_0000); w.u32(2)
        w.u64(1); w.i64(0); w.i32(0)  // only one version-1 entry present
        let error = Support.expectParseError("short elst") { _ = try EditList(Atom(type: "elst", payload: w.bytes), path: "moov/trak/edts/elst") }
        #expect(error?.kind == .tooLarge)
        #expect(error?.path == "moov/trak/edts/elst")
    }

    @Test("the fixtures' edit list hides the B-frame delay; a built still-image-time track sits at its time")
    func trackTimes() throws {
        let file = try MovieFile.open(path: Support.fixture("movie-moov-last.mov"))
        let video = try #require(file.movie.videoTracks.first)
        let edits = try #require(video.edits)
        #expect(edits.entries.count == 1)
        let entry = try #require(edits.entries.first)
        #expect(entry.rate == Self.one)
        #expect(entry.mediaTime == video.sampleTable.compositionTimes().min())
        #expect(entry.mediaTime > 0)
        #expect(video.presentedSpan(movieTimescale: 1000).start == 0)
        #expect(abs(video.presentedSpan(movieTimescale: 1000).end - 2) < 0.01)

        for (tick, timescale) in [(UInt64(900), UInt32(600)), (0, UInt32(600)), (1, UInt32(600)), (2, UInt32(90000)), (881, UInt32(600)), (250, UInt32(1000))] {
            let still = Double(tick) / Double(timescale)
            let trak = StillImageTimeTrack.makeTrack(trackID: 3, videoTrackID: 1, movieTimescale: timescale, stillTick: tick, sampleDuration: 20)
            let track = try Track(try Support.parseAtom(trak.serialized()), index: 2, path: "moov/trak[2]")
            #expect(track.isStillImageTime)
            #expect(track.trackID == 3)
            #expect(track.references["cdsc"] == [1])
            #expect(track.sampleEntries.first?.metadataKeys == [.init(localID: 1, namespace: "mdta", key: StillImageTimeTrack.key, dataType: 65)])
            let t = try #require(track.firstSamplePresentationTime(movieTimescale: timescale))
            #expect(abs(t - still) < 1e-9, "still at \(still)")
            #expect(FrameTiming(track: track, movieTimescale: timescale).startTick(ofFrame: 0) == Int64(tick))
            #expect(track.sampleTable.sampleCount == 1 && track.sampleTable.size(ofSample: 0) == 9)
        }
        #expect(StillImageTimeTrack.sample() == [0, 0, 0, 9, 0, 0, 0, 1, 0xFF])
    }
}
