import Foundation
import BinaryIO
import ISOBMFF

/// A QuickTime movie with one video track whose timing is chosen freely: any movie and media
/// timescale, constant or variable frame durations, B-frame reordering (`ctts`) and an edit
/// list hiding the reorder delay as ffmpeg writes it. The samples are placeholders (4 bytes
/// each): these movies test timing, not decoding. The test knows every frame's exact
/// presentation interval, so it can judge `FrameTiming` without reusing its arithmetic.
struct SyntheticVideoMovie {
    var movieTimescale: UInt32
    var mediaTimescale: UInt32
    /// Frame durations in presentation order (media ticks).
    var durations: [UInt32]
    var bFrames: Bool
    var editList: Bool

    var frameCount: Int { durations.count }

    /// Presentation starts P_i (media ticks, from 0), plus the end of the last frame.
    var presentationStarts: [Int64] {
        var p: [Int64] = [0]
        for d in durations { p.append(p.last! + Int64(d)) }
        return p
    }

    /// Decode order: frame 0, then groups "P B B" decoded as (i+2, i, i+1).
    var decodeOrder: [Int] {
        guard bFrames else { return Array(0..<frameCount) }
        var order = [0]
        var i = 1
        while i < frameCount {
            if i + 2 < frameCount { order += [i + 2, i, i + 1]; i += 3 } else { order.append(i); i += 1 }
        }
        return order
    }

    /// ctts shift so no composition offset is negative (the reorder delay).
    var shift: Int64 {
        let p = presentationStarts
        return decodeOrder.enumerated().map { k, f in p[k] - p[f] }.max().map { max(0, $0) } ?? 0
    }

    /// Composition offsets per decode-order sample.
    var compositionOffsets: [Int32] {
        let p = presentationStarts
        return decodeOrder.enumerated().map { k, f in Int32(p[f] + shift - p[k]) }
    }

    var mediaDuration: Int64 { presentationStarts.last! }

    /// The edit's duration in movie ticks: the media's length, rounded down (as muxers do).
    var editDuration: UInt64 { UInt64(mediaDuration) * UInt64(movieTimescale) / UInt64(mediaTimescale) }

    /// Exact presentation interval of frame i on the movie timeline, in units of
    /// 1/(media timescale × movie timescale) seconds. The last frame ends where the latest
    /// decoded sample ends (composition time + decode duration), or where the edit ends.
    func interval(ofFrame i: Int) -> (start: Int64, end: Int64) {
        let p = presentationStarts
        let offset = editList ? 0 : shift
        let ts = Int64(movieTimescale)
        if i + 1 < frameCount { return ((p[i] + offset) * ts, (p[i + 1] + offset) * ts) }
        let offsets = compositionOffsets
        var latest: Int64 = 0
        for k in 0..<frameCount { latest = max(latest, p[k] + Int64(offsets[k]) + Int64(durations[k])) }
        var end = (latest - shift + offset) * ts
        if editList { end = min(end, Int64(editDuration) * Int64(mediaTimescale)) }
        return ((p[i] + offset) * ts, end)
    }

    /// A movie tick t in the same units as `interval(ofFrame:)`.
    func units(ofTick t: Int64) -> Int64 { t * Int64(mediaTimescale) }

    func bytes() -> [UInt8] {
        let ftyp: [UInt8] = { var w = ByteWriter(); w.fourCC("qt  "); w.u32(0); w.fourCC("qt  "); return Atom(type: "ftyp", payload: w.bytes).serialized() }()
        let mdat = Atom(type: "mdat", payload: [UInt8](repeating: 0xAB, count: 4 * frameCount)).serialized()
        let chunkOffset = UInt64(ftyp.count + 8)
        // Without an edit list the reorder delay is on the timeline too: the movie lasts until the last frame ends.
        let shown = UInt64(mediaDuration + shift) * UInt64(movieTimescale)
        let duration = editList ? editDuration : (shown + UInt64(mediaTimescale) - 1) / UInt64(mediaTimescale)

        var mvhd = ByteWriter()
        mvhd.u32(0); mvhd.u32(0); mvhd.u32(0); mvhd.u32(movieTimescale); mvhd.u32(UInt32(clamping: duration))
        mvhd.u32(0x10000); mvhd.u16(0x100); mvhd.zeros(10)
        for m: Int32 in [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000] { mvhd.i32(m) }
        mvhd.zeros(24); mvhd.u32(2)

        var tkhd = ByteWriter()
        tkhd.u32(3); tkhd.u32(0); tkhd.u32(0); tkhd.u32(1); tkhd.u32(0); tkhd.u32(UInt32(clamping: duration))
        tkhd.zeros(8); tkhd.u16(0); tkhd.u16(0); tkhd.u16(0); tkhd.u16(0)
        for m: Int32 in [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000] { tkhd.i32(m) }
        tkhd.u32(64 << 16); tkhd.u32(48 << 16)

        var mdhd = ByteWriter()
        mdhd.u32(0); mdhd.u32(0); mdhd.u32(0); mdhd.u32(mediaTimescale); mdhd.u32(UInt32(clamping: mediaDuration)); mdhd.u16(0x55C4); mdhd.u16(0)
        var hdlr = ByteWriter(); hdlr.u32(0); hdlr.fourCC("mhlr"); hdlr.fourCC("vide"); hdlr.zeros(12); hdlr.u8(0)
        var vmhd = ByteWriter(); vmhd.u32(1); vmhd.zeros(8)
        var dref = ByteWriter(); dref.u32(0); dref.u32(1); dref.u32(12); dref.fourCC("url "); dref.u32(1)
        var avc1 = ByteWriter(); avc1.zeros(6); avc1.u16(1); avc1.zeros(16); avc1.u16(64); avc1.u16(48); avc1.zeros(78 - 28)
        let stsd = Atom(type: "stsd", prefix: [0, 0, 0, 0, 0, 0, 0, 1], children: [Atom(type: "avc1", payload: avc1.bytes)])

        // stts in decode order: the k-th presentation duration (dts_k = P_k).
        var stts = ByteWriter(); stts.u32(0); stts.u32(UInt32(frameCount))
        for d in durations { stts.u32(1); stts.u32(d) }
        var stbl: [Atom] = [stsd, Atom(type: "stts", payload: stts.bytes)]
        if bFrames || shift > 0 {
            var ctts = ByteWriter(); ctts.u32(0); ctts.u32(UInt32(frameCount))
            for o in compositionOffsets { ctts.u32(1); ctts.i32(o) }
            stbl.append(Atom(type: "ctts", payload: ctts.bytes))
        }
        var stsc = ByteWriter(); stsc.u32(0); stsc.u32(1); stsc.u32(1); stsc.u32(UInt32(frameCount)); stsc.u32(1)
        var stsz = ByteWriter(); stsz.u32(0); stsz.u32(4); stsz.u32(UInt32(frameCount))
        stbl += [Atom(type: "stsc", payload: stsc.bytes), Atom(type: "stsz", payload: stsz.bytes),
                 ChunkOffsetTable(offsets: [chunkOffset], is64Bit: false).atom()]

        let minf = Atom(type: "minf", children: [Atom(type: "vmhd", payload: vmhd.bytes),
                                                 Atom(type: "dinf", children: [Atom(type: "dref", payload: dref.bytes)]),
                                                 Atom(type: "stbl", children: stbl)])
        let mdia = Atom(type: "mdia", children: [Atom(type: "mdhd", payload: mdhd.bytes), Atom(type: "hdlr", payload: hdlr.bytes), minf])
        var trak: [Atom] = [Atom(type: "tkhd", payload: tkhd.bytes)]
        if editList {
            let edit = EditList.Entry(duration: editDuration, mediaTime: shift, rate: 0x10000)
            trak.append(Atom(type: "edts", children: [EditList(entries: [edit]).atom()]))
        }
        trak.append(mdia)
        let moov = Atom(type: "moov", children: [Atom(type: "mvhd", payload: mvhd.bytes), Atom(type: "trak", children: trak)])
        return ftyp + mdat + moov.serialized()
    }
}
