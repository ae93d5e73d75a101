import Foundation
import Testing
import PropertyBased
import TestSupport
@testable import LivePhotoKit

/// `ParallelWork.stream`: the scan's readers start on files while the walk still lists them.
@Suite("parallel work fed while it runs")
struct ParallelFeedTests {
    /// A job count of 0 or below (the CLI refuses it; the library takes it) still gets one worker.
    @Test("every item handed over is worked on once, results in the order handed over, for any count, job count and pace")
    func orderAndCompleteness() async {
        await propertyCheck(count: 60, input: Gen.nearEnds(in: 0...300), Gen.nearEnds(in: -2...8), Gen.nearEnds(in: 0...3)) { count, jobs, pause in await Support.failingOnThrow {
            let calls = Counter()
            var progressMax = 0
            let lock = NSLock()
            let results = ParallelWork.stream(jobs: jobs, progress: { done in lock.lock(); progressMax = max(progressMax, done); lock.unlock() },
                                              produce: { hand in
                for i in 0..<count {
                    // Sometimes the producer is slower than the workers, so they wait for items.
                    if pause > 0, i % 17 == 0 { usleep(UInt32(pause * 200)) }
                    hand(i)
                }
            }) { (i: Int) -> Int in calls.increment(); return i * 3 + 1 }
            #expect(results == (0..<count).map { $0 * 3 + 1 })
            #expect(calls.value == count)
            #expect(progressMax == count)
        } }
    }

    /// The overlap `stream` exists for: a worker waiting for items wakes for each one handed
    /// over, not only when the producer is done. The producer here waits for each item to be
    /// worked on before it hands over the next (half a minute at most, then it stops
    /// waiting, so a lost wake-up fails instead of hanging).
    @Test("each item handed over is worked on while the producer still runs", arguments: [1, 2, 4])
    func workStartsBeforeProducerEnds(jobs: Int) {
        let started = DispatchSemaphore(value: 0)
        var waitedOut: Int?
        let results = ParallelWork.stream(jobs: jobs, produce: { hand in
            for i in 0..<5 {
                hand(i)
                if waitedOut == nil, started.wait(timeout: .now() + 30) == .timedOut { waitedOut = i }
            }
        }) { (i: Int) -> Int in started.signal(); return i + 1 }
        #expect(waitedOut == nil, "item \(waitedOut ?? -1) was not started until the producer ended")
        #expect(results == [1, 2, 3, 4, 5])
    }

    @Test("map with a job count of 0 or below runs every job on one worker, in order", arguments: [0, -1, Int.min])
    func mapWithoutJobs(jobs: Int) {
        let calls = Counter()
        let results = ParallelWork.map(count: 7, jobs: jobs) { (i: Int) -> Int in calls.increment(); return i * i }
        #expect(results == (0..<7).map { $0 * $0 })
        #expect(calls.value == 7)
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func increment() { lock.lock(); n += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    }
}
