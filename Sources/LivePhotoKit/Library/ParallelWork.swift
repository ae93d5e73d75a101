import Foundation

/// Runs `count` independent jobs on `jobs` worker threads, keeping results in input order.
/// Workers take the next index from a shared counter, so a slow file never holds up the rest.
public enum ParallelWork {
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// For work that mostly waits for the disk to confirm its flushes (`pair DIR`): more jobs
    /// than cores keep the disk's queue full. Four per core paired the bench corpus about 15%
    /// faster than one per core on a 2-core machine; at most 16, since each job may hold a
    /// movie's `moov` in memory.
    public static var defaultDiskBoundJobs: Int { min(4 * defaultJobs, 16) }

    /// The shared state of one run, touched only under its lock.
    private final class Run<T>: @unchecked Sendable {
        let lock = NSLock()
        var next = 0
        var done = 0
        var results: [T?]
        init(count: Int) { results = [T?](repeating: nil, count: count) }

        func take() -> Int { lock.lock(); defer { lock.unlock() }; next += 1; return next - 1 }
        func store(_ value: T, at i: Int) -> Int { lock.lock(); defer { lock.unlock() }; results[i] = value; done += 1; return done }
    }

    public static func map<T>(count: Int, jobs: Int, progress: ((Int) -> Void)? = nil, _ body: @escaping (Int) -> T) -> [T] {
        map(count: count, jobs: jobs, stopWhen: { false }, progress: progress, body).map { $0! }
    }

    /// Like `map`, but workers take no new job once `shouldStop` says so (a signal): the jobs
    /// never started are nil; jobs under way finish.
    public static func map<T>(count: Int, jobs: Int, stopWhen shouldStop: @escaping () -> Bool, progress: ((Int) -> Void)? = nil,
                              _ body: @escaping (Int) -> T) -> [T?] {
        guard count > 0 else { return [] }
        let run = Run<T>(count: count)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, count)) {
            group.enter()
            let thread = Thread {
                while !shouldStop(), case let i = run.take(), i < count {
                    let finished = run.store(body(i), at: i)
                    progress?(finished)
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        return run.results
    }
}
