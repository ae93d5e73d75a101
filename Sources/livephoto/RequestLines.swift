import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `batch`'s input: one request a line, read from a file descriptor. It waits in poll(2),
/// which a caught signal always interrupts (SA_RESTART does not restart it), so a SIGINT or
/// SIGTERM between requests is seen at once. A line longer than `limit` is skipped to its end
/// and reported, so an endless line cannot grow the buffer without bound.
final class RequestLines {
    enum Next: Equatable {
        case line([UInt8])
        /// A line longer than the limit (its bytes were dropped).
        case tooLong
        /// A signal came while waiting: the caller checks its stop request and asks again.
        case interrupted
        case end
    }

    private let fd: Int32
    private let limit: Int
    private var buffer: [UInt8] = []
    /// Bytes read from `buffer` already (compacted once per read).
    private var start = 0
    private var skippingLongLine = false
    private var atEnd = false

    init(fd: Int32 = STDIN_FILENO, limit: Int = 1 << 20) {
        self.fd = fd
        self.limit = limit
    }

    func next() -> Next {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let lineStart = start
                start = newline + 1
                if skippingLongLine { skippingLongLine = false; continue }
                // A line that came in whole with its newline is held to the same limit: where
                // the reads happened to split the input must not decide what is too long.
                if newline - lineStart > limit { return .tooLong }
                return .line(Array(buffer[lineStart..<newline]))
            }
            if buffer.count - start > limit || (skippingLongLine && start < buffer.count) {
                // Keep nothing of an overlong line; report it once, when it starts to overflow.
                let reported = skippingLongLine
                buffer.removeAll(keepingCapacity: true); start = 0
                skippingLongLine = true
                if !reported { return .tooLong }
            }
            if atEnd { return finish() }
            switch fill() {
            case .interrupted: return .interrupted
            case .end: atEnd = true
            case .data: break
            }
        }
    }

    /// The last line when the input did not end with a newline, then `.end`.
    private func finish() -> Next {
        defer { buffer.removeAll(); start = 0; skippingLongLine = false }
        guard start < buffer.count, !skippingLongLine else { return .end }
        return .line(Array(buffer[start...]))
    }

    private enum Fill { case data, interrupted, end }

    private func fill() -> Fill {
        // The count is the array's: a literal beside it could say more entries than there are.
        var ready = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        if poll(&ready, nfds_t(ready.count), -1) < 0 { return errno == EINTR ? .interrupted : .end }
        if start > 0 { buffer.removeFirst(start); start = 0 }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 { return errno == EINTR ? .interrupted : .end }
        if n == 0 { return .end }
        buffer.append(contentsOf: chunk[..<n])
        return .data
    }
}
