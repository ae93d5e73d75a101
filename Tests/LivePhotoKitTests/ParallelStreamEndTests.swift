import Foundation
import Testing
@testable import LivePhotoKit

/// `ParallelWork.stream` runs its producer on the calling thread while the workers run, and
/// closes the queue once the producer returns: it comes back with every item's result. Waited
/// for at most half a minute (`WorkerPoolEndTests.finishes`), so a producer never run (workers
/// waiting forever for an item or the end) fails the test instead of hanging the suite.
@Suite("parallel stream: the producer is run and the stream returns every result")
struct ParallelStreamEndTests {
    @Test("three items handed over: the stream returns their results in order", arguments: [1, 2, 4])
    func streamReturns(jobs: Int) {
        let out = WorkerPoolEndTests.Box<[Int]?>(nil)
        let ended = WorkerPoolEndTests.finishes {
            let results = ParallelWork.stream(jobs: jobs, produce: { hand in hand(1); hand(2); hand(3) }) { (i: Int) -> Int in i * 10 }
            out.update { $0 = results }
        }
        #expect(ended, "the stream's workers were left waiting: the producer never handed anything over or never closed the queue")
        #expect(out.value == [10, 20, 30])
    }

    @Test("a producer that hands nothing over: the stream returns no result")
    func emptyStreamReturns() {
        let out = WorkerPoolEndTests.Box<[Int]?>(nil)
        let ended = WorkerPoolEndTests.finishes {
            let results = ParallelWork.stream(jobs: 2, produce: { (_: (Int) -> Void) in }) { (i: Int) -> Int in i }
            out.update { $0 = results }
        }
        #expect(ended, "the workers were left waiting though the producer was done")
        #expect(out.value == [])
    }
}
