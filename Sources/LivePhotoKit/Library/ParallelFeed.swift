import Foundation

extension ParallelWork {
    /// Like `map`, for items that arrive while the work runs: `produce` runs on the calling
    /// thread and hands over each item as it has it; the workers take items as they come, so a
    /// folder walk and the reads of the files it has already listed overlap. Results are in
    /// the order the items were handed over.
    public static func stream<Item, T>(jobs: Int, progress: ((Int) -> Void)? = nil,
                                       produce: ((Item) -> Void) -> Void, _ body: @escaping (Item) -> T) -> [T] {
        let feed = Feed<Item, T>()
        let group = DispatchGroup()
        for _ in 0..<max(1, jobs) {
            group.enter()
            let thread = Thread {
                while let (i, item) = feed.take() {
                    let finished = feed.store(body(item), at: i)
                    progress?(finished)
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        produce { feed.add($0) }
        feed.close()
        group.wait()
        return feed.finishedResults()
    }

    /// The items handed over so far and their results, under one lock; a worker with nothing
    /// to take waits until an item comes or the producer is done.
    private final class Feed<Item, T>: @unchecked Sendable {
        private let condition = NSCondition()
        private var items: [Item] = []
        private var results: [T?] = []
        private var next = 0
        private var done = 0
        private var closed = false

        func add(_ item: Item) {
            condition.lock(); defer { condition.unlock() }
            items.append(item)
            results.append(nil)
            condition.signal()
        }

        func close() {
            condition.lock(); defer { condition.unlock() }
            closed = true
            condition.broadcast()
        }

        func take() -> (Int, Item)? {
            condition.lock(); defer { condition.unlock() }
            while next >= items.count && !closed { condition.wait() }
            guard next < items.count else { return nil }
            next += 1
            return (next - 1, items[next - 1])
        }

        func store(_ value: T, at i: Int) -> Int {
            condition.lock(); defer { condition.unlock() }
            results[i] = value
            done += 1
            return done
        }

        /// After every worker has stopped: each item has its result.
        func finishedResults() -> [T] {
            condition.lock(); defer { condition.unlock() }
            return results.map { $0! }
        }
    }
}
