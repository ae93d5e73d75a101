import Foundation
import Testing
import BinaryIO
@testable import ISOBMFF

/// `EditList` and `TrackHeader` write what they read; `FrameTiming` places frames exactly.
@Suite("Frame timing, and edit lists written back")
struct FrameTimingTests {
    typealias Entry = EditList.Entry

    /// A video `trak` with frames of `deltas` (media ticks), optional composition offsets and edits.
    static func track(timescale: UInt32, deltas: [UInt32], offsets: [Int32] = [], edits: [Entry]? = nil) throws -> Track {
        var tkhd = ByteWriter(); tkhd.u32(3); tkhd.zeros(8); tkhd.u32(1); tkhd.zeros(4); tkhd.u32(0); tkhd.zeros(52); tkhd.u32(0); tkhd.u32(0)
        var mdhd = ByteWriter(); mdhd.u32(0); mdhd.zeros(8); mdhd.u32(timescale); mdhd.u32(deltas.reduce(0, +)); mdhd.u32(0)
        var hdlr = ByteWriter(); hdlr.u32(0); hdlr.fourCC("mhlr"); hdlr.fourCC("vide"); hdlr.zeros(13)
        var stts = ByteWriter(); stts.u32(0); stts.u32(UInt32(deltas.count)); for d in deltas { stts.u32(1); stts.u32(d) }
        var stsc = ByteWriter(); stsc.u32(0); stsc.u32(1); stsc.u32(1); stsc.u32(UInt32(deltas.count)); stsc.u32(1)
        var stsz = ByteWriter(); stsz.u32(0); stsz.u32(1); stsz.u32(UInt32(deltas.count))
        var stbl: [Atom] = [Atom(type: "stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 0], children: []), Atom(type: "stts", payload: stts.bytes)]
        if !offsets.isEmpty {
            var ctts = ByteWriter(); ctts.u32(0); ctts.u32(UInt32(offsets.count)); for o in offsets { ctts.u32(1); ctts.i32(o) }
            stbl.append(Atom(type: "ctts", payload: ctts.bytes))
        }
        stbl += [Atom(type: "stsc", payload: stsc.bytes), Atom(type: "stsz", payload: stsz.bytes), ChunkOffsetTable(offsets: [0], is64Bit: false).atom()]
        var trak: [Atom] = [Atom(type: "tkhd", payload: tkhd.bytes)]
        if let edits { trak.append(Atom(type: "edts", children: [EditList(entries: edits).atom()])) }
        trak.append(Atom(type: "mdia", children: [Atom(type: "mdhd", payload: mdhd.bytes), Atom(type: "hdlr", payload: hdlr.bytes),
                                                  Atom(type: "minf", children: [Atom(type: "stbl", children: stbl)])]))
        let bytes = Atom(type: "trak", children: trak).serialized()
        return try Track(try Support.parseAtom(bytes), index: 1, path: "moov/trak")
    }

    @Test("EditList.atom() round-trips, choosing version 1 only when a field needs 64 bits")
    func editListRoundTrip() throws {
        for entries in [[Entry(duration: 820, mediaTime: -1, rate: 0x10000), Entry(duration: 1, mediaTime: 0, rate: 0x10000)],
                        [Entry(duration: 1 << 33, mediaTime: 5, rate: 0x10000)], [Entry(duration: 10, mediaTime: 1 << 40, rate: 0)], []] {
            let atom = EditList(entries: entries).atom()
            #expect(try EditList(try Support.parseAtom(atom.serialized()), path: "elst").entries == entries)
            let wide = entries.contains { $0.duration > UInt64(UInt32.max) || $0.mediaTime > Int64(Int32.max) }
            #expect(atom.payload.first == (wide ? 1 : 0))
            #expect(atom.payload.count == 8 + entries.count * (wide ? 20 : 12))
        }
    }

    @Test("TrackHeader.setDuration writes only the duration field, in either version")
    func trackHeaderDuration() throws {
        for version in [UInt8(0), 1] {
            var w = ByteWriter()
            w.u8(version); w.u24(7)
            if version == 1 { w.u64(11); w.u64(12); w.u32(5); w.u32(0); w.u64(999) } else { w.u32(11); w.u32(12); w.u32(5); w.u32(0); w.u32(999) }
            w.zeros(8 + 8 + 36); w.u32(640 << 16); w.u32(480 << 16)
            let atom = Atom(type: "tkhd", payload: w.bytes)
            let before = atom.payload
            TrackHeader.setDuration(1234, in: atom)
            let header = try TrackHeader(atom, path: "tkhd")
            #expect(header.duration == 1234 && header.trackID == 5 && header.width == 640)
            let at = version == 1 ? 28 : 20, width = version == 1 ? 8 : 4
            #expect(Array(atom.payload[..<at]) == Array(before[..<at]))
            #expect(Array(atom.payload[(at + width)...]) == Array(before[(at + width)...]))
        }
    }

    @Test("30 fps at movie timescale 1000: frame 1 starts at tick 34, not 33 (inside frame 0)")
    func roundsUp() throws {
        let track = try Self.track(timescale: 30, deltas: [UInt32](repeating: 1, count: 30))
        let timing = FrameTiming(track: track, movieTimescale: 1000)
        #expect(timing.frameCount == 30)
        #expect(timing.startTick(ofFrame: 1) == 34)
        #expect(timing.frame(containingMovieTick: 33) == 0)
        #expect(timing.frame(containingMovieTick: 34) == 1)
        #expect(timing.startTick(ofFrame: 3) == 100)
        #expect(timing.endTick == 1000)
        #expect(timing.frame(containingMovieTick: 1000) == nil)
        #expect(timing.frame(containingMovieTick: -1) == nil)
        #expect(timing.middleFrame == 15)
        // 1/30 s exactly is frame 1; a microsecond earlier is frame 0.
        #expect(timing.frame(containingTime: 1, timescale: 30) == 1)
        #expect(timing.frame(containingTime: 33_333, timescale: 1_000_000) == 0)
    }

    @Test("B-frames: composition offsets and the edit hiding the delay give presentation order")
    func bFrames() throws {
        // Decode order I P B B (pts 0, 3, 1, 2 frames) with a 2-frame ctts shift and an edit from media time 2.
        let track = try Self.track(timescale: 600, deltas: [20, 20, 20, 20], offsets: [40, 80, 20, 20],
                                   edits: [Entry(duration: 80, mediaTime: 40, rate: 0x10000)])
        let timing = FrameTiming(track: track, movieTimescale: 600)
        #expect(timing.frameCount == 4)
        #expect((0..<4).map { timing.startTick(ofFrame: $0) } == [0, 20, 40, 60])
        #expect(timing.endTick == 80)
    }

    /// A last edit of duration 0 means "the rest of the media" (as players read it), from its
    /// media time on, 0 included; an empty edit (-1) of duration 0 presents nothing.
    @Test("a last edit of duration 0 presents the rest of the media from its media time, media time 0 included")
    func lastEditOfDurationZero() throws {
        for (mediaTime, first) in [(Int64(0), 0), (2, 2)] {
            let track = try Self.track(timescale: 10, deltas: [1, 1, 1, 1, 1], edits: [Entry(duration: 0, mediaTime: mediaTime, rate: 0x10000)])
            let timing = FrameTiming(track: track, movieTimescale: 100)
            #expect(timing.frameCount == 5 - first, "media time \(mediaTime)")
            #expect(timing.startTick(ofFrame: 0) == 0 && timing.endTick == Int64(10 * (5 - first)), "media time \(mediaTime)")
        }
        let empty = try Self.track(timescale: 10, deltas: [1, 1, 1], edits: [Entry(duration: 0, mediaTime: -1, rate: 0x10000)])
        #expect(FrameTiming(track: empty, movieTimescale: 100).frameCount == 0)
    }

    @Test("an empty edit delays, a dwell holds one frame, frames outside every edit are not presented")
    func edits() throws {
        let track = try Self.track(timescale: 10, deltas: [1, 1, 1, 1, 1])
        // 1 s empty, then frames 1..2 (media 0.1..0.3 s), then frame 4 held for 1 s.
        let timing = FrameTiming(track: track, movieTimescale: 100)
        #expect(timing.frameCount == 5)
        let edited = try Self.track(timescale: 10, deltas: [1, 1, 1, 1, 1], edits: [
            Entry(duration: 100, mediaTime: -1, rate: 0x10000), Entry(duration: 20, mediaTime: 1, rate: 0x10000), Entry(duration: 100, mediaTime: 4, rate: 0)])
        let t = FrameTiming(track: edited, movieTimescale: 100)
        #expect(t.frameCount == 3)
        #expect((0..<3).map { t.startTick(ofFrame: $0) } == [100, 110, 120])
        #expect(t.endTick == 220)
        #expect(t.frame(containingMovieTick: 50) == nil, "the empty edit shows nothing")
        #expect(t.frame(containingMovieTick: 219) == 2)
    }

    @Test("a track with no samples has no frames; queries say nil")
    func empty() throws {
        let track = try Self.track(timescale: 600, deltas: [])
        let timing = FrameTiming(track: track, movieTimescale: 600)
        #expect(timing.frameCount == 0)
        #expect(timing.endTick == 0)
        #expect(timing.middleFrame == nil)
        #expect(timing.frame(containingMovieTick: 0) == nil)
    }

    /// A media timescale of 1 (whole seconds) is a real timescale, not a missing one: the first
    /// sample's start and the presented middle are counted in it, not in a stand-in.
    @Test("media timescale 1: the first sample's start and the presented middle, exact, with and without edits")
    func wholeSecondMediaTimescale() throws {
        func seconds(_ t: FrameTiming.ExactTime) -> Double { t.seconds }
        // Three 1 s frames shown 2 s after their decode time; tkhd gives no duration.
        let plain = try Self.track(timescale: 1, deltas: [1, 1, 1], offsets: [2, 2, 2])
        #expect(plain.firstSampleStart(movieTimescale: 600).map(seconds) == 2)
        #expect(seconds(plain.presentedMiddle(movieTimescale: 600)) == 1.5)
        // An empty second of edit, then the media from its time 0 for 3 s (middle 2.5 s): the first sample
        // (composition time 2) is shown at 1 + 2 = 3 s.
        let edited = try Self.track(timescale: 1, deltas: [1, 1, 1], offsets: [2, 2, 2],
                                    edits: [Entry(duration: 600, mediaTime: -1, rate: 0x10000), Entry(duration: 1800, mediaTime: 0, rate: 0x10000)])
        #expect(edited.firstSampleStart(movieTimescale: 600).map(seconds) == 3)
        #expect(seconds(edited.presentedMiddle(movieTimescale: 600)) == 2.5)
    }

    /// Edits that present nothing (only empty ones) give a span of nothing at the movie's start:
    /// the middle is 0, not half of some stand-in start.
    @Test("only empty edits: the presented middle is 0")
    func onlyEmptyEdits() throws {
        let track = try Self.track(timescale: 600, deltas: [600], edits: [Entry(duration: 600, mediaTime: -1, rate: 0x10000)])
        #expect(track.presentedMiddle(movieTimescale: 600).numerator == 0)
    }

    /// endTick is the exact end rounded down: a video shorter than one movie tick ends at tick 0,
    /// never before the movie starts.
    @Test("endTick rounds the exact end down, also for a video shorter than one movie tick")
    func endTickRoundsDown() throws {
        let cases: [(media: UInt32, deltas: [UInt32], movie: UInt32, end: Int64)] =
            [(600, [1], 1, 0), (600, [599], 1, 0), (600, [600], 1, 1), (600, [1, 700], 1, 1), (1, [1], 600, 600)]
        for c in cases {
            let timing = FrameTiming(track: try Self.track(timescale: c.media, deltas: c.deltas), movieTimescale: c.movie)
            #expect(timing.endTick == c.end, "\(c.deltas) at \(c.media)/s in a movie at \(c.movie)/s")
        }
    }
}
