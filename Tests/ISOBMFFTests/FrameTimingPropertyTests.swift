import Foundation
import Testing
import BinaryIO
import PropertyBased
import TestSupport
@testable import ISOBMFF

@Suite("Frame timing: properties over any rate, timescale and hostile timing")
struct FrameTimingPropertyTests {
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

    @Test("every frame's start tick lies in that frame, for any frame rate and timescales")
    func startTickIsInItsFrame() async {
        await propertyCheck(input: Gen.nearEnds(in: 1...5000), Gen.nearEnds(in: 1...90000), Gen.nearEnds(in: 1...2000)) { delta, mediaScale, movieScale in await Support.failingOnThrow {
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
        } }
    }

    @Test("hostile timing (huge offsets, edits, timescales) never traps; starts increase and lie before the end")
    func hostileTiming() async {
        await propertyCheck(input: Gen.nearEnds(in: 0...Int(UInt32.max)), Gen.nearEnds(in: Int(Int32.min)...Int(Int32.max)),
                            Gen.nearEnds(in: 0...Int(UInt32.max)), Gen.nearEnds(in: -1...Int(Int32.max))) { delta, offset, editDuration, mediaTime in await Support.failingOnThrow {
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
        } }
    }
}
