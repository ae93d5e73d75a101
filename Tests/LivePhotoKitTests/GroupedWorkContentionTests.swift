import Foundation
import Testing
@testable import LivePhotoKit

/// `GroupedWork` under contention: many workers finishing small items at once all try to hand
/// groups on, and the producer waits for room in a small window. Handing on (taking the front
/// group, then giving its items' room back) runs under the pool's lock, one thread at a time,
/// so every group reaches `finished` exactly once, whole, in the order it came, and the run
/// ends. Each run is waited for at most a minute (`WorkerPoolEndTests.finishes`), so a
/// producer left waiting for room fails the test instead of hanging the suite.
@Suite("grouped work under contention: every group handed on once, whole, in order; the run ends")
struct GroupedWorkContentionTests {
    /// 5000 groups of 1 to 3 consecutive items (about 10,000 items in all).
    static let groups: [[Int]] = {
        var groups: [[Int]] = [], next = 0
        for g in 0..<5000 {
            let count = 1 + g * 7 % 3
            groups.append(Array(next..<(next + count)))
            next += count
        }
        return groups
    }()

    @Test("8 workers, 5000 small groups, five runs: the groups come back doubled, in order, and each run ends",
          arguments: [4, 1_000_000])
    func everyGroupOnceInOrder(window: Int) {
        let groups = Self.groups
        let expected = groups.map { $0.map { $0 * 2 } }
        for run in 0..<5 {
            let handed = WorkerPoolEndTests.Box<[[Int]]>([])
            let ended = WorkerPoolEndTests.finishes(within: 60) {
                GroupedWork.run(jobs: 8, window: window, produce: { hand in for g in groups { hand(g) } }, { (i: Int) -> Int in i * 2 },
                                finished: { results in handed.update { $0.append(results) } })
            }
            #expect(ended, "run \(run): the run did not end (a producer or worker left waiting)")
            guard ended else { return }
            let got = handed.value
            // Compared as a whole, reported by the first difference (not two arrays of 5000).
            let firstDifference = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? (got.count == expected.count ? nil : min(got.count, expected.count))
            #expect(firstDifference == nil, "run \(run): \(got.count) groups handed on; the first wrong one is group \(firstDifference ?? -1)")
        }
    }
}
