import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A `livephoto batch` process driven as a client drives it: request lines in on a pipe,
/// response lines read back one at a time.
final class BatchSession {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var pending = Data()

    init(env: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["batch"]
        if !env.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(env) { $1 } }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    func send(_ line: String) { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }

    func send(id: String, args: [String]) throws {
        let data = try JSONSerialization.data(withJSONObject: ["args": args], options: [.withoutEscapingSlashes])
        let object = String(decoding: data, as: UTF8.self)
        send("{\"id\":\(id)," + object.dropFirst())
    }

    /// How long a line may take to come: an answer that never comes fails the test instead of
    /// hanging it (a batch that stops answering is the failure being tested for).
    static let lineDeadlineSeconds: Int32 = 120

    /// The next response line, or nil at the end of the output (or, recorded as an issue, when
    /// none comes within the deadline: the process is then stopped).
    func readLine(sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                return line
            }
            var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            var polled: Int32
            repeat { polled = poll(&ready, 1, Self.lineDeadlineSeconds * 1000) } while polled < 0 && errno == EINTR
            guard polled > 0 else {
                Issue.record("batch gave no line in \(Self.lineDeadlineSeconds) s", sourceLocation: sourceLocation)
                process.terminate()
                return nil
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            pending += data
        }
    }

    /// The next response, parsed.
    func response() throws -> [String: Any] {
        let line = try #require(readLine(), "batch ended without answering")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
    }

    /// Ends the input, reads what is left and waits: the remaining lines and the exit status.
    func finish() -> (lines: [String], status: Int32) {
        try? input.fileHandleForWriting.close()
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        process.waitUntilExit()
        return (lines, process.terminationStatus)
    }

    /// What the process has open now: each descriptor's target.
    var openFiles: [String] {
        let dir = "/proc/\(process.processIdentifier)/fd"
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return fds.sorted().map { fd in "\(fd) -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(dir)/\(fd)")) ?? "?") }
    }
}
