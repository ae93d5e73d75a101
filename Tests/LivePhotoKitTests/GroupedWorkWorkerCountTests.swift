import Foundation
import Testing
@testable import LivePhotoKit

/// How many workers `GroupedWork` runs and who hands groups on: `jobs` workers, at least one
/// (`--jobs 1` runs the items one at a time, and a count of 0 still does the work), and one
/// thread at a time hands groups on, so a slow `finished` never lets a later group overtake it.
/// Each run is bounded (`WorkerPoolEndTests.finishes`), so a lost worker fails, never hangs.
@Suite("grouped work: jobs workers (at least one), groups handed on by one thread at a time")
struct GroupedWorkWorkerCountTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var running = 0, most = 0
        func enter() { lock.lock(); running += 1; most = max(most, running); lock.unlock() }
        func leave() { lock.lock(); running -= 1; lock.unlock() }
        var highest: Int { lock.lock(); defer { lock.unlock() }; return most }
    }

    @Test("jobs 1: the items of a group run one at a time")
    func oneJobRunsOneItemAtATime() {
        let counter = Counter()
        let handed = WorkerPoolEndTests.Box<[[Int]]>([])
        let ended = WorkerPoolEndTests.finishes {
            GroupedWork.run(jobs: 1, window: 8, produce: { hand in hand([1, 2, 3]) }, { (i: Int) -> Int in
                counter.enter()
                Thread.sleep(forTimeInterval: 0.1)
                counter.leave()
                return i
            }, finished: { results in handed.update { $0.append(results) } })
        }
        #expect(ended)
        #expect(counter.highest == 1, "\(counter.highest) items ran at once with jobs 1")
        #expect(handed.value == [[1, 2, 3]])
    }

    @Test("jobs 0 still runs a worker: the group is done and handed on")
    func zeroJobsStillWork() {
        let handed = WorkerPoolEndTests.Box<[[Int]]>([])
        let ended = WorkerPoolEndTests.finishes {
            GroupedWork.run(jobs: 0, window: 8, produce: { hand in hand([1, 2]) }, { (i: Int) -> Int in i * 10 },
                            finished: { results in handed.update { $0.append(results) } })
        }
        #expect(ended)
        #expect(handed.value == [[10, 20]])
    }

    /// Two one-item groups and two workers: the second group completes while the first is still
    /// in a slow `finished`; it waits for it, and is handed on after it.
    @Test("a group completed while the one before it is being handed on comes after it")
    func laterGroupWaitsForTheOneBeingHandedOn() {
        let handed = WorkerPoolEndTests.Box<[[Int]]>([])
        let ended = WorkerPoolEndTests.finishes {
            GroupedWork.run(jobs: 2, window: 8, produce: { hand in hand([1]); hand([2]) }, { (i: Int) -> Int in
                if i == 2 { Thread.sleep(forTimeInterval: 0.1) }
                return i
            }, finished: { results in
                if results == [1] { Thread.sleep(forTimeInterval: 0.4) }
                handed.update { $0.append(results) }
            })
        }
        #expect(ended)
        #expect(handed.value == [[1], [2]])
    }
}
