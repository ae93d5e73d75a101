import Foundation
import Testing
@testable import LivePhotoKit

/// `ParallelWork` starts the number of workers it is asked for, never more, and a worker left
/// waiting for an item is woken when the producer is done even if nothing more was handed
/// over. Each wait is bounded (`WorkerPoolEndTests.finishes`), so a worker never woken fails
/// the test instead of hanging the suite.
@Suite("parallel work: the workers asked for, and idle workers woken at the end")
struct ParallelWorkWorkerLimitTests {
    @Test("map with one job runs its six jobs one at a time, in order")
    func oneJobRunsOneAtATime() {
        let lock = NSLock()
        var running = 0, mostAtOnce = 0
        let out = ParallelWork.map(count: 6, jobs: 1) { (i: Int) -> Int in
            lock.lock(); running += 1; mostAtOnce = max(mostAtOnce, running); lock.unlock()
            usleep(20_000)   // long enough for a second worker, were there one, to take a job
            lock.lock(); running -= 1; lock.unlock()
            return i + 1
        }
        #expect(out == [1, 2, 3, 4, 5, 6])
        #expect(mostAtOnce == 1, "\(mostAtOnce) jobs ran at once with one job asked for")
    }

    @Test("a producer that hands nothing over after its workers are waiting: the stream returns no result")
    func waitingWorkersWokenWhenTheProducerEnds() {
        let out = WorkerPoolEndTests.Box<[Int]?>(nil)
        let ended = WorkerPoolEndTests.finishes {
            // The producer outlasts the workers' start, so both are waiting for an item when it ends.
            let results = ParallelWork.stream(jobs: 2, produce: { (_: (Int) -> Void) in usleep(300_000) }) { (i: Int) -> Int in i }
            out.update { $0 = results }
        }
        #expect(ended, "the workers waiting for an item were never woken when the producer ended")
        #expect(out.value == [])
    }
}
