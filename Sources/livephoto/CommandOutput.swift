import Foundation
import BinaryIO

/// Where the command layer's text goes: the process's stdout and stderr, or, while `batch`
/// answers a request, that request's capture. Every printed line passes through `write`
/// (`print`, `printAlreadyPrintable`, `Console.error`), so a command run inside `batch`
/// cannot leak a byte onto the batch's own stdout.
enum CommandOutput {
    enum Stream { case standardOutput, standardError }

    /// The capture in effect; nil: the process's streams. Set only by `capturing`, which
    /// `batch` calls on its one thread between requests.
    nonisolated(unsafe) private static var capture: CapturedOutput?

    static var isCaptured: Bool { capture != nil }

    static func write(_ text: String, to stream: Stream) {
        if let capture { capture.append(text, to: stream); return }
        switch stream {
        case .standardOutput: Swift.print(text, terminator: "")
        case .standardError: FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Runs `body` with everything it prints captured, and returns both.
    static func capturing<T>(_ body: () throws -> T) rethrows -> (T, CapturedOutput) {
        let captured = CapturedOutput()
        let previous = capture
        capture = captured
        defer { capture = previous }
        return (try body(), captured)
    }
}

/// What one request printed. Locked: a command may report from a worker thread.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out = "", err = ""

    func append(_ text: String, to stream: CommandOutput.Stream) {
        lock.lock(); defer { lock.unlock() }
        if stream == .standardOutput { out += text } else { err += text }
    }

    var standardOutput: String { lock.lock(); defer { lock.unlock() }; return out }
    var standardError: String { lock.lock(); defer { lock.unlock() }; return err }
}
