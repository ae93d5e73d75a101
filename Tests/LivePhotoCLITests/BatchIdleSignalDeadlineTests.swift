import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A `batch` waiting for its next request sees SIGINT/SIGTERM at once: the wait is one that a
/// caught signal interrupts (not a read(2) that SA_RESTART restarts), so the batch exits with
/// 128 + the signal within moments, not whenever more input comes.
@Suite("livephoto batch: an idle batch exits promptly on a signal")
struct BatchIdleSignalDeadlineTests {
    @Test("after answering one request, SIGINT/SIGTERM end the waiting batch within 10 s with 130/143",
          arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func exitsWithinADeadline(signal: Int32, status: Int32) throws {
        let batch = try BatchSession()
        try batch.send(id: "1", args: ["inspect", "--json", CLITests.fixture("still-no-exif.jpg")])
        #expect(try batch.response()["exitCode"] as? Int == 0)
        // Give the batch time to go back to waiting for input (where the signal must reach it).
        usleep(200_000)
        kill(batch.process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(10)
        while batch.process.isRunning && Date() < deadline { usleep(10_000) }
        let exited = !batch.process.isRunning
        if !exited { _ = batch.finish() }   // end its input so that it stops anyway
        #expect(exited, "still running 10 s after the signal")
        guard exited else { return }
        batch.process.waitUntilExit()
        #expect(batch.process.terminationReason == .exit, "caught, not killed by the signal")
        #expect(batch.process.terminationStatus == status)
    }
}
