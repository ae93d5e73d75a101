import Foundation
import Testing
@testable import LivePhotoKit

/// The progress line's state across `start`: the rate and time left are measured from the last
/// `start` (on the reporter's clock), a new `start` draws its first update at once (the redraw
/// throttle starts over), a reporter not yet started has a total of 0 (an empty total is done),
/// and a total of one is not done until its one item is.
@Suite("progress line: measured from start, redrawn at once after a new start, totals of 0 and 1")
struct ProgressReporterRestartTests {
    static let bar24 = { (filled: Int) in String(repeating: "#", count: filled) + String(repeating: "-", count: 24 - filled) }

    @Test("rate and time left are measured from start on the reporter's clock: 4 of 8 done in 2 s is 2/s, 2.0 s left")
    func rateFromStart() {
        let probe = ProgressProbe(label: "scan", at: Date(timeIntervalSince1970: 1_000_000))
        probe.reporter.start(total: 8)
        probe.clock += 2
        probe.reporter.update(done: 4)
        #expect(probe.writes == ["\rscan [\(Self.bar24(12))] 4/8  2/s  2.0 s left\u{1B}[K"], "\(probe.writes)")
    }

    @Test("a second start redraws its first update at once, even 0.05 s after the last line drawn")
    func startAgainDrawsAtOnce() {
        let probe = ProgressProbe(label: "pair", at: Date(timeIntervalSince1970: 1_000_000))
        probe.reporter.start(total: 5)
        probe.reporter.update(done: 1)
        probe.reporter.start(total: 10)
        probe.clock += 0.05
        probe.reporter.update(done: 2)
        #expect(probe.writes.map { $0.split(separator: " ")[2] } == ["1/5", "2/10"], "\(probe.writes)")
    }

    @Test("a reporter never started has a total of 0: an update of 0 draws 0/0 with the bar full")
    func notStartedIsEmptyTotal() {
        let probe = ProgressProbe(label: "scan", at: Date(timeIntervalSince1970: 1_000_000))
        probe.reporter.update(done: 0)
        #expect(probe.writes.count == 1 && probe.writes.first?.hasPrefix("\rscan [\(Self.bar24(24))] 0/0  ") == true, "\(probe.writes)")
    }

    @Test("a total of 1: nothing done is an empty bar, the one item done a full one")
    func totalOfOne() {
        #expect(ProgressReporter.line(label: "x", done: 0, total: 1, elapsed: 1, width: 4) == "x [----] 0/1  0/s  0.0 s left")
        #expect(ProgressReporter.line(label: "x", done: 1, total: 1, elapsed: 1, width: 4) == "x [####] 1/1  1/s  0.0 s left")
    }
}
