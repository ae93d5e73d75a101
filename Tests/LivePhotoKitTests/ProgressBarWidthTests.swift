import Foundation
import Testing
import LivePhotoKit

/// The progress bar drawn on the terminal is 24 characters wide: each character stands for
/// 1/24 of the work.
@Suite("progress bar: 24 characters wide")
struct ProgressBarWidthTests {
    @Test("half the work done: 12 filled, 12 to go, in the line `update` draws and in `line`'s default")
    func barIsTwentyFourWide() {
        var writes: [String] = []
        let at = Date(timeIntervalSince1970: 1_000_000)
        let reporter = ProgressReporter(label: "scan", now: { at }) { writes.append($0) }
        reporter.start(total: 12)
        reporter.update(done: 6)
        let bar = String(repeating: "#", count: 12) + String(repeating: "-", count: 12)
        #expect(writes == ["\rscan [\(bar)] 6/12  0/s  0.0 s left\u{1B}[K"], "\(writes)")
        #expect(ProgressReporter.line(label: "pair", done: 1, total: 24, elapsed: 1)
                == "pair [#\(String(repeating: "-", count: 23))] 1/24  1/s  23.0 s left")
    }
}
