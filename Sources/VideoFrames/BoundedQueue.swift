import Foundation

/// A first-in first-out hand-over from one producing thread to one consuming thread that holds
/// at most `capacity` elements (frames are large: the producer may run only a few ahead). The
/// producer waits while it is full, the consumer while it is empty. Either side ends it: the
/// producer with `finish` (after its last element, or with the error that stopped it), the
/// consumer with `cancel` (held elements are dropped and the producer's `put` fails from then on).
final class BoundedQueue<Element>: @unchecked Sendable {
    let capacity: Int
    private let condition = NSCondition()
    private var elements: [Element] = []
    private var finished = false
    private var failure: Error? = nil
    private var cancelled = false
    private var mostHeld = 0

    /// - Parameter capacity: at least 1 (a smaller value is taken as 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        elements.reserveCapacity(self.capacity)
    }

    /// Waits for room, then appends `element`; false (the element dropped) once the consumer cancelled.
    func put(_ element: Element) -> Bool {
        condition.lock(); defer { condition.unlock() }
        while elements.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled, !finished else { return false }
        elements.append(element)
        mostHeld = max(mostHeld, elements.count)
        condition.broadcast()
        return true
    }

    /// The producer's end: no more elements; `error` (if any) reaches the consumer after every
    /// element put before it.
    func finish(throwing error: Error? = nil) {
        condition.lock(); defer { condition.unlock() }
        guard !finished else { return }
        finished = true
        failure = error
        condition.broadcast()
    }

    /// Waits for the next element: nil after the producer's last, or the producer's error.
    func take() throws -> Element? {
        condition.lock(); defer { condition.unlock() }
        while elements.isEmpty && !finished && !cancelled { condition.wait() }
        if !elements.isEmpty {
            condition.broadcast()
            return elements.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The consumer gives up: held elements are released now, and the producer's waiting or next `put` returns false.
    func cancel() {
        condition.lock()
        cancelled = true
        let dropped = elements
        elements = []
        condition.broadcast()
        condition.unlock()
        _ = dropped   // released outside the lock (an element's deinit may free a frame)
    }

    /// The most elements held at once so far (for tests of the bound).
    var highWaterMark: Int {
        condition.lock(); defer { condition.unlock() }
        return mostHeld
    }
}
