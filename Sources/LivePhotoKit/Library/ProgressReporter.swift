import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on stderr: done/total, rate and time left, redrawn at most ten times a
/// second. Created only when stderr is a terminal and the user did not ask for quiet.
public final class ProgressReporter {
    private let label: String
    private let lock = NSLock()
    private var total = 0
    private var started = Date()
    private var lastDraw = Date.distantPast
    private let write: (String) -> Void
    /// The clock the redraw throttle reads (a test gives its own).
    private let now: () -> Date

    /// nil when stderr is not a terminal (or `quiet`): callers then report nothing.
    public static func forTerminal(label: String, quiet: Bool) -> ProgressReporter? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        return ProgressReporter(label: label) { FileHandle.standardError.write(Data($0.utf8)) }
    }

    public init(label: String, now: @escaping () -> Date = Date.init, write: @escaping (String) -> Void) {
        self.label = label
        self.now = now
        self.write = write
    }

    public func start(total: Int) {
        lock.lock(); defer { lock.unlock() }
        self.total = total
        started = now()
        lastDraw = .distantPast
    }

    /// A total that grows while the work runs (files still being listed).
    public func raise(total: Int) {
        lock.lock(); defer { lock.unlock() }
        self.total = max(self.total, total)
    }

    public func update(done: Int) {
        lock.lock(); defer { lock.unlock() }
        let time = now()
        guard done == total || time.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = time
        write("\r" + ProgressReporter.line(label: label, done: done, total: total, elapsed: time.timeIntervalSince(started)) + "\u{1B}[K")
    }

    public func finish() {
        lock.lock(); defer { lock.unlock() }
        write("\r\u{1B}[K")
    }

    /// `scan [##########----------] 512/1000  1830/s  0.3 s left`
    public static func line(label: String, done: Int, total: Int, elapsed: TimeInterval, width: Int = 24) -> String {
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        return "\(label) [\(bar)] \(done)/\(total)  \(String(format: "%.0f", rate))/s  \(String(format: "%.1f", left)) s left"
    }
}
