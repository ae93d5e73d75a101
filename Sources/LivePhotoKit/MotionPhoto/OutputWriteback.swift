import Foundation
import BinaryIO
import CFileCopy
#if canImport(Glibc)
import Glibc
#endif

/// Writes a batch's outputs back to disk on a thread of its own, each as soon as it is in
/// place, while the workers convert the next files: the batch's closing `syncfs`
/// (`ConvertedOutput.makeDurable`) then finds the data already written and only commits the
/// file system's metadata. Started inline on the workers instead, the writeback's block
/// allocation and submission held up the conversion, and what was not written yet was waited
/// for at the end. Only data pages are written here; durability is the closing `syncfs`'s.
final class OutputWriteback: @unchecked Sendable {
    private let condition = NSCondition()
    /// Descriptors of placed outputs not written back yet (owned here: closed once written).
    private var pending: [Int32] = []
    private var finishing = false
    private var failure: Errno? = nil
    private let stopped = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in drain() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Takes `descriptor` (an output already in place) to write back and close.
    func submit(_ descriptor: Int32) {
        condition.lock()
        pending.append(descriptor)
        condition.signal()
        condition.unlock()
    }

    /// Waits until every submitted output is written back; throws the first failure (the
    /// batch then reports no conversion done). Call once, after the last `submit`.
    func finish() throws {
        condition.lock()
        finishing = true
        condition.signal()
        condition.unlock()
        stopped.wait()
        if let failure { throw ParseError.system(failure, "writing the outputs back failed") }
    }

    private func drain() {
        while true {
            condition.lock()
            while pending.isEmpty && !finishing { condition.wait() }
            let batch = pending
            pending.removeAll(keepingCapacity: true)
            let last = finishing && batch.isEmpty
            condition.unlock()
            if last { break }
            for fd in batch {
                if livephoto_write_back_and_wait(fd) != 0 {
                    let e = Errno.current
                    condition.lock(); if failure == nil { failure = e }; condition.unlock()
                }
                close(fd)
            }
        }
        stopped.signal()
    }
}
