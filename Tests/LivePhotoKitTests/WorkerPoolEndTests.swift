import Foundation
import Testing
@testable import LivePhotoKit

/// The worker pools end: a producer waiting for room in `GroupedWork` is woken when a group is
/// handed on, and `ParallelWork.map`'s workers stop once every job is taken. Each pool runs on
/// a thread of its own, waited for at most half a minute, so a lost wake-up fails the test
/// instead of hanging the suite.
@Suite("worker pools end: no producer or worker is left waiting")
struct WorkerPoolEndTests {
    /// Runs `work` on a new thread; true when it returned within `seconds`.
    static func finishes(within seconds: Double = 30, _ work: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { work(); done.signal() }
        thread.stackSize = 4 << 20
        thread.start()
        return done.wait(timeout: .now() + seconds) == .success
    }

    final class Box<T>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: T
        init(_ value: T) { stored = value }
        func update(_ change: (inout T) -> Void) { lock.lock(); change(&stored); lock.unlock() }
        var value: T { lock.lock(); defer { lock.unlock() }; return stored }
    }

    /// A window of one item and two groups of one: the producer hands the second group while
    /// the first is still held, waits for room, and is woken when the first is handed on.
    @Test("grouped work: a producer waiting for room goes on once a group is handed on")
    func producerWaitingForRoomIsWoken() {
        let handed = Box<[[Int]]>([])
        let secondComing = DispatchSemaphore(value: 0)
        let ended = Self.finishes {
            GroupedWork.run(jobs: 1, window: 1, produce: { hand in
                hand([0])
                secondComing.signal()
                hand([1])
            }, { (i: Int) -> Int in
                if i == 0 {
                    // The first item is done only once the producer is (about to be) waiting for room.
                    _ = secondComing.wait(timeout: .now() + 10)
                    usleep(200_000)
                }
                return i * 2
            }, finished: { results in handed.update { $0.append(results) } })
        }
        #expect(ended, "the producer was never woken after the first group was handed on")
        #expect(handed.value == [[0], [2]])
    }

    @Test("map: every job done, the workers stop and the results come back", arguments: [1, 2, 4])
    func mapReturns(jobs: Int) {
        let results = Box<[Int]?>(nil)
        let ended = Self.finishes {
            let out = ParallelWork.map(count: 3, jobs: jobs) { $0 * 2 }
            results.update { $0 = out }
        }
        #expect(ended, "map's workers waited for a job after the last one")
        #expect(results.value == [0, 2, 4])
    }
}
