import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A `batch` client that stopped reading its answers: with SIGPIPE ignored (as a parent that
/// ignores it passes on), the answer's write fails with EPIPE, and batch ends with exit 4 (no
/// answer could reach the client) instead of writing again and again.
@Suite("batch: a client that no longer reads ends the batch")
struct BatchUnreadOutputCLITests {
    /// How long batch may take to answer one `--version` request and exit.
    static let deadlineSeconds: TimeInterval = 30

    @Test("stdout a pipe whose reader is closed, SIGPIPE ignored: one request, then exit 4 within the deadline")
    func closedReaderEndsBatch() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        // No reader at all: the read end is closed before anything is spawned with it.
        close(fds[0])
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let output = FileHandle(fileDescriptor: fds[1], closeOnDealloc: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // An ignored signal stays ignored across exec: batch starts with SIGPIPE ignored.
        process.arguments = ["-c", "trap '' PIPE; exec \"$0\" batch", CLITests.binary]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try? output.close()
        input.fileHandleForWriting.write(Data("{\"id\": 1, \"args\": [\"--version\"]}\n".utf8))
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(Self.deadlineSeconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            Issue.record("batch still running \(Self.deadlineSeconds) s after its one answer could not be written")
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 4)
    }
}
