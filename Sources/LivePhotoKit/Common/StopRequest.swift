import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Whether the user asked the process to stop (SIGINT, SIGTERM): long operations poll it at
/// safe points. A batch stops taking new pairs; a pair not yet committed is rolled back; a
/// commit under way is finished. The command line builds one that reads its signal handler.
public final class StopRequest: @unchecked Sendable {
    private let poll: @Sendable () -> Int32
    private let lock = NSLock()
    private var requested: Int32 = 0

    /// - Parameter poll: the signal caught so far, or 0 (e.g. a signal handler's flag).
    public init(poll: @escaping @Sendable () -> Int32 = { 0 }) { self.poll = poll }

    /// Asks to stop as if `signal` had been caught (tests, or a caller's own reasons).
    public func request(_ signal: Int32) {
        lock.lock(); defer { lock.unlock() }
        if requested == 0 { requested = signal }
    }

    /// The signal that asked to stop, or nil while nothing has.
    public var signal: Int32? {
        lock.lock(); defer { lock.unlock() }
        if requested == 0 { requested = poll() }
        return requested == 0 ? nil : requested
    }

    public var isRequested: Bool { signal != nil }

    /// "SIGINT", "SIGTERM", ...
    public static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}

/// A stop request ended an operation before it changed anything.
public struct OperationInterrupted: Error, CustomStringConvertible, Equatable {
    public let signal: Int32
    public init(signal: Int32) { self.signal = signal }
    public var description: String { "interrupted by \(StopRequest.name(of: signal)); nothing was changed" }
}
