import Foundation
import Testing
@testable import VideoFrames

/// `BoundedQueue`'s own state: a new queue has held nothing (its high-water mark is 0), and
/// `cancel` releases the elements it holds at once: they are not handed out afterwards and
/// not kept alive until the queue itself goes.
@Suite("BoundedQueue: nothing held at first; cancel releases what it holds")
struct BoundedQueueCancelReleaseTests {
    /// An element that says when it is released.
    final class Tracked {
        let released: () -> Void
        init(released: @escaping () -> Void) { self.released = released }
        deinit { released() }
    }

    @Test("a new queue's high-water mark is 0; one element put makes it 1", arguments: [1, 3])
    func highWaterMarkStartsAtZero(capacity: Int) throws {
        let queue = BoundedQueue<Int>(capacity: capacity)
        #expect(queue.highWaterMark == 0)
        #expect(queue.put(7))
        #expect(queue.highWaterMark == 1)
        #expect(try queue.take() == 7)
        #expect(queue.highWaterMark == 1)
    }

    @Test("cancel releases the held elements now, and take then gives nothing")
    func cancelReleasesHeldElements() throws {
        let queue = BoundedQueue<Tracked>(capacity: 2)
        var releasedCount = 0
        #expect(queue.put(Tracked { releasedCount += 1 }))
        #expect(queue.put(Tracked { releasedCount += 1 }))
        #expect(releasedCount == 0)
        queue.cancel()
        #expect(releasedCount == 2, "released by cancel, while the queue is still alive")
        #expect(try queue.take() == nil)
        #expect(!queue.put(Tracked { releasedCount += 1 }))
    }
}
