import Foundation
import Testing
import BinaryIO
import PropertyBased
@testable import ISOBMFF

@Suite("Frame timing: exact frame intervals on the movie timeline")
struct FrameTimingTests {
    /// A video `trak` with the given sample durations, composition offsets and edits.
    static func track(timescale: UInt32, deltas: [UInt32], offsets: [Int32]? = nil, edits: [(duration: UInt32, mediaTime: Int32)]? = nil) throws -> Track {
        var tkhd = ByteWriter(); tkhd.u32(0); tkhd.zeros(8); tkhd.u32(1); tkhd.zeros(4); tkhd.u32(0); tkhd.zeros(8 + 8)
        for m: Int32 in [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000] { tkhd.i32(m) }
        tkhd.u32(0); tkhd.u32(0)
        var mdhd = ByteWriter(); mdhd.u32(0); mdhd.zeros(8); mdhd.u32(timescale); mdhd.u32(deltas.reduce(0, &+)); mdhd.u16(0); mdhd.u16(0)
        var hdlr = ByteWriter(); hdlr.u32(0); hdlr.u32(0); hdlr.fourCC("vide"); hdlr.zeros(12); hdlr.u8(0)
        var stts = ByteWriter(); stts.u32(0); stts.u32(UInt32(deltas.count)); for d in deltas { stts.u32(1); stts.u32(d) }
        var stsc = ByteWriter(); stsc.u32(0); stsc.u32(1); stsc.u32(1); stsc.u32(UInt32(deltas.count)); stsc.u32(1)
        var stsz = ByteWriter(); stsz.u32(0); stsz.u32(1); stsz.u32(UInt32(deltas.count))
        var stco = ByteWriter(); stco.u32(0); stco.u32(1); stco.u32(0)
        var stbl = Support.box("stts", stts.bytes) + Support.box("stsc", stsc.bytes) + Support.box("stsz", stsz.bytes) + Support.box("stco", stco.bytes)
        if let offsets {
            var ctts = ByteWriter(); ctts.u32(0); ctts.u32(UInt32(offsets.count)); for o in offsets { ctts.u32(1); ctts.i32(o) }
            stbl += Support.box("ctts", ctts.bytes)
        }
        var trak = Support.box("tkhd", tkhd.bytes)
        if let edits {
            var elst = ByteWriter(); elst.u32(0); elst.u32(UInt32(edits.count))
            for e in edits { elst.u32(e.duration); elst.i32(e.mediaTime); elst.u32(0x10000) }
            trak += Support.box("edts", Support.box("elst", elst.bytes))
        }
        trak += Support.box("mdia", Support.box("mdhd", mdhd.bytes) + Support.box("hdlr", hdlr.bytes)
                            + Support.box("minf", Support.box("stbl", stbl)))
        return try Track(try Support.parseAtom(Support.box("trak", trak)), index: 1, path: "moov/trak")
    }

    @Test("no edit list: frame starts are the composition times, ceiling to a movie tick")
    func noEdits() throws {
        // 15 frames/s in media timescale 15360 (ffmpeg's), movie timescale 1000.
        let timing = FrameTiming(track: try Self.track(timescale: 15360, deltas: Array(repeating: 1024, count: 30)), movieTimescale: 1000)
        #expect(timing.frameCount == 30)
        #expect((0..<4).map(timing.startTick(ofFrame:)) == [0, 67, 134, 200])
        #expect(timing.endTick == 2000)
        #expect(timing.frame(containingMovieTick: 0) == 0)
        #expect(timing.frame(containingMovieTick: 66) == 0)
        // Tick 67 is 67·15.36 = 1029.12 media ticks, past frame 1's start at 1024.
        #expect(timing.frame(containingMovieTick: 67) == 1)
        #expect(timing.frame(containingMovieTick: 1999) == 29)
        #expect(timing.frame(containingMovieTick: 2000) == nil)
        #expect(timing.frame(containingMovieTick: -1) == nil)
    }

    @Test("B-frames: composition offsets reorder frames and an edit removes the initial delay")
    func reorderedWithEdit() throws {
        // Decode order I P B B with offsets; presentation order 0 1 2 3 at 512-tick steps after a 1024 delay.
        let track = try Self.track(timescale: 12800, deltas: [512, 512, 512, 512], offsets: [1024, 2560, 512, 1024],
                                   edits: [(duration: 1200, mediaTime: 1024)])
        // Composition times 1024, 3072, 1536, 2560 → presentation order 1024, 1536, 2560, 3072.
        let timing = FrameTiming(track: track, movieTimescale: 600)
        #expect(timing.frameCount == 4)
        #expect((0..<4).map(timing.startTick(ofFrame:)) == [0, 24, 72, 96])
        #expect(timing.frame(containingMovieTick: 30) == 1)
    }

    @Test("an empty edit delays every frame; a dwell holds one frame")
    func emptyEditAndDwell() throws {
        let shifted = FrameTiming(track: try Self.track(timescale: 600, deltas: [20, 20, 20], edits: [(duration: 100, mediaTime: -1), (duration: 60, mediaTime: 0)]), movieTimescale: 600)
        #expect((0..<shifted.frameCount).map(shifted.startTick(ofFrame:)) == [100, 120, 140])
        #expect(shifted.frame(containingMovieTick: 99) == nil && shifted.endTick == 160)
        // An edit starting inside frame 1 shows its remainder first, from the segment start.
        let cut = FrameTiming(track: try Self.track(timescale: 600, deltas: [20, 20, 20], edits: [(duration: 30, mediaTime: 30)]), movieTimescale: 600)
        #expect((0..<cut.frameCount).map(cut.startTick(ofFrame:)) == [0, 10])
        #expect(cut.endTick == 30)
    }

    @Test("every frame's start tick lies in that frame, for any frame rate and timescales")
    func startTickIsInItsFrame() async {
        await propertyCheck(input: Gen.int(in: 1...5000), Gen.int(in: 1...90000), Gen.int(in: 1...2000)) { delta, mediaScale, movieScale in
            guard let track = try? Self.track(timescale: UInt32(mediaScale), deltas: Array(repeating: UInt32(delta), count: 12)) else {
                Issue.record("track did not build"); return
            }
            let timing = FrameTiming(track: track, movieTimescale: UInt32(movieScale))
            for i in 0..<timing.frameCount where timing.startTick(ofFrame: i) < timing.endTick {
                let tick = timing.startTick(ofFrame: i)
                // The ceiling start can land in a later frame only when a frame is shorter than a tick.
                if Int64(delta) * Int64(movieScale) >= Int64(mediaScale) { #expect(timing.frame(containingMovieTick: tick) == i) }
                // The tick before lies before the exact start: never in frame i.
                #expect(timing.frame(containingMovieTick: tick - 1) != i)
            }
        }
    }

    @Test("hostile timing (huge offsets, edits, timescales) never traps; starts increase and lie before the end")
    func hostileTiming() async {
        await propertyCheck(input: Gen.int(in: 0...Int(UInt32.max)), Gen.int(in: Int(Int32.min)...Int(Int32.max)),
                            Gen.int(in: 0...Int(UInt32.max)), Gen.int(in: -1...Int(Int32.max))) { delta, offset, editDuration, mediaTime in
            guard let track = try? Self.track(timescale: UInt32(max(1, delta % 100_000)), deltas: [UInt32(delta), 1, UInt32(delta / 2)],
                                              offsets: [Int32(offset), 0, Int32(truncatingIfNeeded: -offset)],
                                              edits: [(duration: UInt32(editDuration), mediaTime: Int32(mediaTime)), (duration: 7, mediaTime: 0)]) else {
                Issue.record("track did not build"); return
            }
            for movieScale: UInt32 in [1, 600, UInt32.max] {
                let timing = FrameTiming(track: track, movieTimescale: movieScale)
                let starts = (0..<timing.frameCount).map(timing.startTick(ofFrame:))
                #expect(zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 })
                for (i, t) in starts.enumerated() { _ = timing.frame(containingMovieTick: t); _ = i }
                _ = timing.frame(containingMovieTick: Int64.max)
                _ = timing.frame(containingMovieTick: Int64.min)
            }
        }
    }
}
