import Testing
@testable import ISOBMFF

/// A timescale of 1 tick a second is a timescale like any other (only 0 is taken as 1): an
/// edit list maps media time onto the movie's timeline in exact units of 1/(movie × media)
/// seconds whichever of the two timescales is 1.
@Suite("edit list: presentation times at a movie or media timescale of 1")
struct EditListUnitTimescaleTests {
    typealias Entry = EditList.Entry

    static func exactly(_ t: FrameTiming.ExactTime?, _ numerator: Int128, _ denominator: Int128 = 1) -> Bool {
        t.map { $0.numerator * denominator == numerator * $0.scale } ?? false
    }

    @Test("movie timescale 1: 2 s empty, then media from 0; media 0.5 s is shown at 2.5 s")
    func movieTimescaleOne() {
        let edits = EditList(entries: [Entry(duration: 2, mediaTime: -1, rate: 0x10000), Entry(duration: 10, mediaTime: 0, rate: 0x10000)])
        let t = EditList.presentationStart(ofMediaTime: 500, edits: edits, mediaTimescale: 1000, movieTimescale: 1)
        #expect(Self.exactly(t, 5, 2), "\(String(describing: t))")
    }

    @Test("media timescale 1: 1 s empty, then media from 0; media 1 s is shown at 2 s")
    func mediaTimescaleOne() {
        let edits = EditList(entries: [Entry(duration: 600, mediaTime: -1, rate: 0x10000), Entry(duration: 1200, mediaTime: 0, rate: 0x10000)])
        let t = EditList.presentationStart(ofMediaTime: 1, edits: edits, mediaTimescale: 1, movieTimescale: 600)
        #expect(Self.exactly(t, 2), "\(String(describing: t))")
    }
}
