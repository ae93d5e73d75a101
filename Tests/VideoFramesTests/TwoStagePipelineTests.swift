import Foundation
import PropertyBased
import TestSupport
import Testing
@testable import VideoFrames

/// The re-encode's decode-ahead hand-over (`TwoStagePipeline` over a `BoundedQueue`): order
/// kept, the producer never more than the queue's depth ahead, errors in order, and a consumer
/// that stops ends the producer. Every run goes through `finishes`, so a deadlock fails the
/// test instead of hanging the suite.
@Suite("TwoStagePipeline")
struct TwoStagePipelineTests {
    struct Failure: Error, Equatable { let at: Int }

    /// A counter both threads touch.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add(_ n: Int = 1) { lock.lock(); value += n; lock.unlock() }
        var current: Int { lock.lock(); defer { lock.unlock() }; return value }
    }

    /// An element that counts how many of its kind are alive (dropped elements must be released).
    final class Tracked {
        let index: Int
        let alive: Counter
        init(_ index: Int, alive: Counter) { self.index = index; self.alive = alive; alive.add() }
        deinit { alive.add(-1) }
    }

    /// A body and its value, handed to the watchdog's thread.
    final class WatchedRun<T>: @unchecked Sendable {
        var value: T?
        let body: () -> T
        init(_ body: @escaping () -> T) { self.body = body }
    }

    /// Runs `body` on a thread of its own; nil (and a recorded issue) when it has not returned within 60 s.
    static func finishes<T>(_ body: @escaping () -> T, sourceLocation: SourceLocation = #_sourceLocation) -> T? {
        let box = WatchedRun(body)
        let done = DispatchSemaphore(value: 0)
        Thread { box.value = box.body(); done.signal() }.start()
        guard done.wait(timeout: .now() + 60) == .success else {
            Issue.record("the pipeline did not return (deadlock)", sourceLocation: sourceLocation)
            return nil
        }
        return box.value
    }

    /// For every element count and depth: the consumer gets 0..<count in order, the producer's
    /// result comes back, and when element i is consumed at most i + 1 + depth have been put.
    @Test func orderKeptAndProducerAtMostDepthAhead() async {
        await propertyCheck(count: 200, input: Gen.nearEnds(in: 0...120), Gen.nearEnds(in: 1...6), Gen.int(in: 0...Int.max)) { count, depth, seed in
            let puts = Counter()
            let outcome = Self.finishes { () -> (received: [Int], result: String?, maximumAhead: Int) in
                var received: [Int] = []
                var maximumAhead = 0
                let result = try? TwoStagePipeline.run(depth: depth, produce: { put -> String in
                    for i in 0..<count { try put(i); puts.add() }
                    return "done \(count)"
                }, consume: { element in
                    maximumAhead = max(maximumAhead, puts.current - received.count - 1)
                    received.append(element)
                    // A slow consumer now and then lets the producer fill the queue.
                    if (seed >> (element % 60)) & 1 == 1 { usleep(200) }
                })
                return (received, result, maximumAhead)
            }
            guard let outcome else { return }
            #expect(outcome.received == Array(0..<count))
            #expect(outcome.result == "done \(count)")
            #expect(outcome.maximumAhead <= depth, "count \(count), depth \(depth)")
        }
    }

    /// The queue alone, filled as fast as one thread can while another takes slowly (and only
    /// once it is full): it never holds more than its capacity, and hands on every element in order.
    @Test(arguments: [1, 2, 3, 8])
    func queueNeverHoldsMoreThanItsCapacity(capacity: Int) {
        let queue = BoundedQueue<Int>(capacity: capacity)
        Thread {
            for i in 0..<200 { _ = queue.put(i) }
            queue.finish()
        }.start()
        let received = Self.finishes { () -> [Int] in
            // Take nothing until the producer has filled the queue (it then waits for room).
            while queue.highWaterMark < capacity { usleep(100) }
            var received: [Int] = []
            while let element = try? queue.take() {
                received.append(element)
                if received.count % 7 == 0 { usleep(300) }
            }
            return received
        }
        #expect(received == Array(0..<200))
        #expect(queue.highWaterMark <= capacity)
    }

    /// A producer that fails after k elements: the consumer sees exactly those k, then the
    /// producer's own error (not a wrapper) comes out of `run`.
    @Test func producerErrorArrivesAfterTheElementsBeforeIt() async {
        await propertyCheck(count: 100, input: Gen.nearEnds(in: 0...40), Gen.nearEnds(in: 1...5)) { k, depth in
            let outcome = Self.finishes { () -> (received: [Int], error: Error?) in
                var received: [Int] = []
                do {
                    _ = try TwoStagePipeline.run(depth: depth, produce: { put in
                        for i in 0..<k { try put(i) }
                        throw Failure(at: k)
                    }, consume: { received.append($0) })
                    return (received, nil)
                } catch {
                    return (received, error)
                }
            }
            guard let outcome else { return }
            #expect(outcome.received == Array(0..<k))
            #expect(outcome.error as? Failure == Failure(at: k))
        }
    }

    /// A consumer that fails (or gives up) at element k while the producer would go on for
    /// ever: `run` throws the consumer's error once the producer has stopped, the producer
    /// stopped on `Stopped` from `put`, no more than k + 1 + depth elements were made, and every
    /// element made, queued or not, has been released.
    @Test func consumerErrorStopsTheProducer() async {
        await propertyCheck(count: 100, input: Gen.nearEnds(in: 0...30), Gen.nearEnds(in: 1...5)) { k, depth in
            let alive = Counter(), made = Counter()
            let stoppedByPut = Counter()
            let error = Self.finishes { () -> Error? in
                do {
                    _ = try TwoStagePipeline.run(depth: depth, produce: { put in
                        var i = 0
                        do {
                            while true { made.add(); try put(Tracked(i, alive: alive)); i += 1 }
                        } catch let stopped as TwoStagePipeline.Stopped {
                            stoppedByPut.add()
                            throw stopped
                        }
                    }, consume: { (element: Tracked) in
                        if element.index == k { throw Failure(at: k) }
                    })
                    return nil
                } catch {
                    return error
                }
            }
            #expect(error as? Failure == Failure(at: k))
            #expect(stoppedByPut.current == 1, "the producer's put threw Stopped")
            #expect(made.current <= k + 2 + depth, "made \(made.current) for k \(k), depth \(depth)")
            #expect(alive.current == 0, "every element made was released")
        }
    }

    /// A producer blocked in `put` on a full queue when the consumer stops is woken, not left waiting.
    @Test func cancelWakesAProducerWaitingForRoom() {
        let queue = BoundedQueue<Int>(capacity: 1)
        #expect(queue.put(0))
        let accepted = Self.finishes { () -> Bool in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { queue.cancel() }
            return queue.put(1)
        }
        #expect(accepted == false)
        #expect(queue.put(2) == false, "after cancel every put fails")
    }
}
