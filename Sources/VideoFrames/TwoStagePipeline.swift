import Foundation

/// Two stages on two threads: `produce` runs on a thread of its own and hands its elements
/// through a `BoundedQueue` of `depth` to `consume` on the calling thread, so the producer works
/// at most `depth` elements ahead (the re-encode: decoding beside encoding, as ffmpeg does).
/// Elements arrive in the order produced. The first error in that order ends both stages and
/// is rethrown: a producer's after the elements it put before it, a consumer's at once (the
/// producer's next `put` throws `Stopped`, which it lets through). Returns, or throws, only
/// once the producer's thread has ended: nothing it holds outlives the call.
enum TwoStagePipeline {
    /// What `put` throws in the producer once the consumer stopped.
    struct Stopped: Error {}

    static func run<Element, Output>(depth: Int, produce: @escaping (_ put: (Element) throws -> Void) throws -> Output,
                                     consume: (Element) throws -> Void) throws -> Output {
        let queue = BoundedQueue<Element>(capacity: depth)
        let producer = ProducerThread(queue: queue, produce: produce)
        producer.start()
        do {
            while let element = try queue.take() { try consume(element) }
        } catch {
            queue.cancel()
            _ = producer.join()
            throw error
        }
        return try producer.join().get()
    }
}

/// The producing stage's thread: runs `produce`, ends the queue with its outcome, and keeps
/// that outcome for `join`.
private final class ProducerThread<Element, Output>: @unchecked Sendable {
    private let queue: BoundedQueue<Element>
    private let produce: (_ put: (Element) throws -> Void) throws -> Output
    /// Written by the producer's thread before `ended` is signalled, read after it is waited for.
    private var outcome: Result<Output, Error> = .failure(TwoStagePipeline.Stopped())
    private let ended = DispatchSemaphore(value: 0)

    /// The producer decodes video (libavcodec calls nest deeply); a main thread's stack size.
    static var stackSize: Int { 8 << 20 }

    init(queue: BoundedQueue<Element>, produce: @escaping (_ put: (Element) throws -> Void) throws -> Output) {
        self.queue = queue
        self.produce = produce
    }

    func start() {
        let thread = Thread { [self] in self.main() }
        thread.stackSize = Self.stackSize
        thread.start()
    }

    /// Waits for the thread to end; its outcome.
    func join() -> Result<Output, Error> {
        ended.wait()
        return outcome
    }

    private func main() {
        let queue = self.queue
        do {
            let value = try produce { element in
                guard queue.put(element) else { throw TwoStagePipeline.Stopped() }
            }
            outcome = .success(value)
            queue.finish()
        } catch {
            outcome = .failure(error)
            queue.finish(throwing: error)
        }
        ended.signal()
    }
}
