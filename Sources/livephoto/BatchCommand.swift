import ArgumentParser
import Foundation
import LivePhotoKit
#if canImport(Glibc)
import Glibc
#endif

struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Answer commands read from stdin, one JSON request a line, in one long-lived process.",
        discussion: """
        Each line is a request: {"id": <any JSON value>, "args": ["verify", "--json", "a.HEIC", \
        "a.MOV"]} (the arguments of a command line, after 'livephoto'). Each gets one response \
        line on stdout, in order: {"errors": [<stderr lines>], "exitCode": n, "id": <the id>, \
        "output": <the command's JSON document>} (JSON Lines output as an array of its records, \
        text as a string, nothing as null). A line that is not a request gets {"error": \
        "...", "id": null} and the batch goes on; blank lines are skipped. End of input: exit 0.

        Each request runs exactly as the command would in its own process (locks, commit \
        order); nothing carries over to the next. SIGINT or SIGTERM: the request in flight is \
        finished or rolled back as the command does it, answered, and the batch exits 130 or 143.
        """
    )

    func run() throws {
        let stop = ProcessSignals.catchStopSignals()
        let input = RequestLines()
        while true {
            if let signal = stop.signal { throw ExitCode(ExitStatus.stopped(by: signal)) }
            switch input.next() {
            case .end: return
            case .interrupted: continue
            case .tooLong: try Self.send(BatchResponse.refusal(.init(reason: "request line longer than 1 MiB")))
            case .line(let bytes):
                guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
                try Self.send(Self.answer(bytes))
            }
        }
    }

    /// The response to one line.
    static func answer(_ line: [UInt8]) -> String {
        switch BatchRequest.parse(line) {
        case .failure(let invalid): return BatchResponse.refusal(invalid)
        case .success(let request):
            let (code, captured) = CommandOutput.capturing { LivePhotoCommand.execute(request.args) }
            return BatchResponse.answer(id: request.id, exitCode: code, captured: captured)
        }
    }

    /// One response line, written at once (no stdio buffer between it and the client). A
    /// client that stopped reading ends the batch (exit 4): no answer could reach it.
    static func send(_ response: String) throws {
        var bytes = Array((response + "\n").utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw ExitCode(ExitStatus.refused) }
            bytes = bytes.dropFirst(n)
        }
    }
}
