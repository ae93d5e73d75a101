import Foundation

/// The worker pool of a streaming folder scan: items arrive in groups (a folder's files) while
/// the work runs; workers take items one by one from one shared queue (a slow file never holds
/// up the rest, and the files of many small folders are read side by side), and each group's
/// results are handed to `finished` as soon as the group is complete, groups in the order they
/// came. At most `window` items are held at once (listed and not yet handed on), or one whole
/// group when a group is larger: the producer waits for room, so memory follows the largest
/// folder, not the library.
enum GroupedWork {
    static func run<Item, T>(jobs: Int, window: Int, progress: ((Int) -> Void)? = nil,
                             produce: (_ hand: ([Item]) -> Void) -> Void,
                             _ body: @escaping (Item) -> T, finished: @escaping ([T]) -> Void) {
        let state = State<Item, T>(window: window, finished: finished)
        let group = DispatchGroup()
        for _ in 0..<max(1, jobs) {
            group.enter()
            let thread = Thread {
                while let (g, i, item) = state.take() {
                    // Stored first: `progress?(…)` would not evaluate its argument without a progress.
                    let done = state.store(body(item), group: g, at: i)
                    progress?(done)
                    state.handOnFinishedGroups()
                }
                group.leave()
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        produce { state.add($0) }
        state.close()
        group.wait()
    }

    private final class State<Item, T>: @unchecked Sendable {
        private struct Group { var items: [Item]; var results: [T?]; var left: Int }
        private let condition = NSCondition()
        /// Groups not yet handed on, from `firstGroup` on.
        private var groups: [Group] = []
        private var firstGroup = 0
        /// The next item to take: group (absolute) and index in it.
        private var nextGroup = 0, nextItem = 0
        private var held = 0, done = 0
        private var closed = false
        /// One thread hands groups on at a time, in order.
        private var handingOn = false
        private let window: Int
        private let finished: ([T]) -> Void

        init(window: Int, finished: @escaping ([T]) -> Void) { self.window = window; self.finished = finished }

        func add(_ items: [Item]) {
            guard !items.isEmpty else { return }
            condition.lock(); defer { condition.unlock() }
            while held > 0 && held + items.count > window { condition.wait() }
            groups.append(Group(items: items, results: Array(repeating: nil, count: items.count), left: items.count))
            held += items.count
            condition.broadcast()
        }

        func close() {
            condition.lock(); defer { condition.unlock() }
            closed = true
            condition.broadcast()
        }

        func take() -> (Int, Int, Item)? {
            condition.lock(); defer { condition.unlock() }
            while true {
                // A group's last item taken moves on at once: the group may be handed on (and
                // dropped) before another take.
                let local = nextGroup - firstGroup
                if local < groups.count {
                    let taken = (nextGroup, nextItem, groups[local].items[nextItem])
                    nextItem += 1
                    if nextItem == groups[local].items.count { nextGroup += 1; nextItem = 0 }
                    return taken
                }
                if closed { return nil }
                condition.wait()
            }
        }

        /// Keeps one result; the count of items done so far.
        func store(_ value: T, group g: Int, at i: Int) -> Int {
            condition.lock(); defer { condition.unlock() }
            groups[g - firstGroup].results[i] = value
            groups[g - firstGroup].left -= 1
            done += 1
            return done
        }

        /// Hands on every complete group at the front, in order, outside the lock (`finished`
        /// may take long: the producer and the other workers go on meanwhile).
        func handOnFinishedGroups() {
            while true {
                condition.lock()
                guard !handingOn, let front = groups.first, front.left == 0 else { condition.unlock(); return }
                handingOn = true
                let results = front.results.map { $0! }   // every item of a complete group has its result
                groups.removeFirst()
                firstGroup += 1
                condition.unlock()
                finished(results)
                condition.lock()
                held -= results.count
                handingOn = false
                condition.broadcast()
                condition.unlock()
            }
        }
    }
}
