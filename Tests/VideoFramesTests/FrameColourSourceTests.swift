import Testing
import PropertyBased
import TestSupport
import ISOBMFF
@testable import VideoFrames

/// Which primaries and transfer a decoded frame is taken to have: the bitstream's own (the
/// VUI), unless it leaves them unspecified (2) or reserved (0); then the sample entry's
/// `colr`; then unspecified. A PQ or HLG transfer in the bitstream must never give way to a
/// container that says otherwise: it decides the "HDR converted without tone mapping" note.
@Suite("frame colour: primaries and transfer, bitstream first")
struct FrameColourSourceTests {
    @Test("for any bitstream and sample-entry values: the bitstream's when it gives one, else the entry's, else 2")
    func bitstreamThenEntry() async {
        await propertyCheck(count: 400, input: Gen.nearEnds(in: 0...22), Gen.nearEnds(in: 0...22), Gen.nearEnds(in: -1...22), Gen.nearEnds(in: -1...22)) { bp, bt, ep, et in
            let entry = ep < 0 || et < 0 ? nil : VideoCodecConfiguration.ColourDescription(primaries: UInt16(ep), transfer: UInt16(et), matrix: 1, fullRange: false)
            let colour = FrameColour.choose(bitstreamMatrix: 1, bitstreamRange: 1, bitstreamPrimaries: bp, bitstreamTransfer: bt,
                                            pixelFormatIsFullRange: false, entry: entry, height: 1080, bitDepth: 8)
            func expected(_ bitstream: Int, _ fromEntry: UInt16?) -> Int { bitstream != 0 && bitstream != 2 ? bitstream : Int(fromEntry ?? 2) }
            #expect(colour.primaries == expected(bp, entry?.primaries), "primaries \(bp), entry \(String(describing: entry))")
            #expect(colour.transfer == expected(bt, entry?.transfer), "transfer \(bt), entry \(String(describing: entry))")
        }
    }

    @Test("matrix: the bitstream's unless 0, 2 or 3; then the entry's unless 0, 2 or 3; then BT.709 from 720 lines, else BT.601")
    func matrixBitstreamThenEntryThenSize() async {
        await propertyCheck(count: 400, input: Gen.nearEnds(in: 0...14), Gen.nearEnds(in: -1...14), Gen.nearEnds(in: 240...2160), Gen.nearEnds(in: 0...2)) { bm, em, height, range in
            let entry = em < 0 ? nil : VideoCodecConfiguration.ColourDescription(primaries: 1, transfer: 1, matrix: UInt16(em), fullRange: true)
            let colour = FrameColour.choose(bitstreamMatrix: bm, bitstreamRange: range, bitstreamPrimaries: 1, bitstreamTransfer: 1,
                                            pixelFormatIsFullRange: false, entry: entry, height: height, bitDepth: 8)
            func given(_ m: Int) -> Bool { m != 0 && m != 2 && m != 3 }
            let expected: (Int, FrameColour.Source) = given(bm) ? (bm, .bitstream)
                : em >= 0 && given(em) ? (em, .sampleEntry) : (height >= 720 ? 1 : 6, .sizeDefault)
            #expect(colour.matrix == expected.0 && colour.matrixSource == expected.1, "matrix \(bm), entry \(em), height \(height)")
            // Range: the bitstream's when it gives one (1 limited, 2 full), else the entry's.
            #expect(colour.fullRange == (range == 2 || (range == 0 && entry != nil)), "range \(range), entry \(em)")
        }
    }

    /// The size default's edge, which random heights seldom meet: 720 lines are BT.709, 719 BT.601.
    @Test("with no matrix given, 720 lines and up are BT.709, fewer BT.601", arguments: [(719, 6), (720, 1), (721, 1), (576, 6), (1, 6)])
    func sizeDefaultEdge(_ height: Int, _ matrix: Int) {
        let colour = FrameColour.choose(bitstreamMatrix: 2, bitstreamRange: 0, bitstreamPrimaries: 2, bitstreamTransfer: 2,
                                        pixelFormatIsFullRange: false, entry: nil, height: height, bitDepth: 8)
        #expect(colour.matrix == matrix && colour.matrixSource == .sizeDefault, "\(height) lines")
    }

    @Test("a PQ bitstream in a container tagged BT.709 is PQ, and says so")
    func pqBitstreamWins() {
        let entry = VideoCodecConfiguration.ColourDescription(primaries: 1, transfer: 1, matrix: 1, fullRange: false)
        let colour = FrameColour.choose(bitstreamMatrix: 9, bitstreamRange: 1, bitstreamPrimaries: 9, bitstreamTransfer: 16,
                                        pixelFormatIsFullRange: false, entry: entry, height: 2160, bitDepth: 10)
        #expect(colour.transfer == FrameColour.transferPQ && colour.primaries == FrameColour.primariesBT2020)
    }
}
