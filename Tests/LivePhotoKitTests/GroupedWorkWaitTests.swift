import Foundation
import Testing
@testable import LivePhotoKit

/// Who waits for whom in the streaming scan's worker pool: `run` returns only once every group
/// is handed on (its caller then reads the results), and the producer's `hand` waits while the
/// items held and the new group's would pass the window (unless nothing is held). Slow work
/// (a sleep) makes the order of events plain.
@Suite("grouped work: run waits for the last group, hand waits for room")
struct GroupedWorkWaitTests {
    /// Events in the order they happened, from any thread.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [String] = []
        func add(_ event: String) { lock.lock(); events.append(event); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return events }
    }

    @Test("run returns after the slow last group is handed on, not before", arguments: [1, 4])
    func runWaitsForEveryGroup(jobs: Int) {
        let log = Log()
        GroupedWork.run(jobs: jobs, window: 8, produce: { hand in hand([1]); hand([2, 3]) }, { (i: Int) -> Int in
            if i == 3 { Thread.sleep(forTimeInterval: 0.3) }
            return i * 10
        }, finished: { results in log.add("finished \(results)") })
        log.add("returned")
        #expect(log.all == ["finished [10]", "finished [20, 30]", "returned"])
    }

    @Test("with one item held and a window of 2, a group of 2 is added only after the held group is handed on")
    func handWaitsForRoom() {
        let log = Log()
        GroupedWork.run(jobs: 1, window: 2, produce: { hand in
            hand([1])
            hand([2, 3])
            log.add("added [2, 3]")
        }, { (i: Int) -> Int in
            if i == 1 { Thread.sleep(forTimeInterval: 0.3) }
            return i
        }, finished: { results in log.add("finished \(results)") })
        let events = log.all
        #expect(events.count == 3)
        #expect(events.firstIndex(of: "finished [1]").map { first in events.firstIndex(of: "added [2, 3]").map { first < $0 } ?? false } == true, "\(events)")
    }
}
