import Foundation

/// The one worker pool: runs independent jobs on `jobs` worker threads, keeping results in the
/// order the jobs were handed over. Workers take the next job from one shared queue, so a slow
/// file never holds up the rest; the queue may be filled before the work starts (`map`) or
/// while it runs (`stream`).
public enum ParallelWork {
    public static var defaultJobs: Int { defaultJobs(processors: ProcessInfo.processInfo.activeProcessorCount) }

    /// One job per processor the process may use, at least one.
    static func defaultJobs(processors: Int) -> Int { max(1, processors) }

    /// For work that mostly waits for the disk to confirm its flushes (`pair DIR`): more jobs
    /// than cores keep the disk's queue full. Four per core paired the bench corpus about 15%
    /// faster than one per core on a 2-core machine; at most 16, since each job may hold a
    /// movie's `moov` in memory.
    public static var defaultDiskBoundJobs: Int { diskBoundJobs(processors: ProcessInfo.processInfo.activeProcessorCount) }

    static func diskBoundJobs(processors: Int) -> Int { min(4 * defaultJobs(processors: processors), 16) }

    public static func map<T>(count: Int, jobs: Int, progress: ((Int) -> Void)? = nil, _ body: @escaping (Int) -> T) -> [T] {
        // Without a stop every job runs, so every result is there.
        map(count: count, jobs: jobs, stopWhen: { false }, progress: progress, body).map { $0! }
    }

    /// Like `map`, but workers take no new job once `shouldStop` says so (a signal): the jobs
    /// never started are nil; jobs under way finish.
    public static func map<T>(count: Int, jobs: Int, stopWhen shouldStop: @escaping () -> Bool, progress: ((Int) -> Void)? = nil,
                              _ body: @escaping (Int) -> T) -> [T?] {
        guard count > 0 else { return [] }
        let queue = Queue<Int, T>()
        for i in 0..<count { queue.add(i) }
        queue.close()
        return run(queue, workers: min(jobs, count), shouldStop: shouldStop, progress: progress, body)
    }

    /// Like `map`, for items that arrive while the work runs: `produce` runs on the calling
    /// thread and hands over each item as it has it; the workers take items as they come, so a
    /// folder walk and the reads of the files it has already listed overlap. Results are in
    /// the order the items were handed over.
    public static func stream<Item, T>(jobs: Int, progress: ((Int) -> Void)? = nil,
                                       produce: ((Item) -> Void) -> Void, _ body: @escaping (Item) -> T) -> [T] {
        let queue = Queue<Item, T>()
        return run(queue, workers: jobs, shouldStop: { false }, progress: progress, body) {
            produce { queue.add($0) }
            queue.close()
        }.map { $0! }   // without a stop every item handed over has its result
    }

    /// Starts the workers, runs `feed` on the calling thread, and waits for the workers.
    private static func run<Item, T>(_ queue: Queue<Item, T>, workers: Int, shouldStop: @escaping () -> Bool,
                                     progress: ((Int) -> Void)?, _ body: @escaping (Item) -> T,
                                     feed: () -> Void = {}) -> [T?] {
        let group = DispatchGroup()
        for _ in 0..<max(1, workers) {
            group.enter()
            let thread = Thread {
                while !shouldStop(), let (i, item) = queue.take() {
                    let finished = queue.store(body(item), at: i)
                    progress?(finished)
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        feed()
        group.wait()
        return queue.results()
    }

    /// The items handed over so far and their results, under one lock; a worker with nothing
    /// to take waits until an item comes or the producer is done.
    private final class Queue<Item, T>: @unchecked Sendable {
        private let condition = NSCondition()
        private var items: [Item] = []
        private var stored: [T?] = []
        private var next = 0
        private var done = 0
        private var closed = false

        func add(_ item: Item) {
            condition.lock(); defer { condition.unlock() }
            items.append(item)
            stored.append(nil)
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
            stored[i] = value
            done += 1
            return done
        }

        /// After every worker has stopped: each item's result, nil for one never started.
        func results() -> [T?] {
            condition.lock(); defer { condition.unlock() }
            return stored
        }
    }
}
