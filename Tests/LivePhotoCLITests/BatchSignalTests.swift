import Foundation
import Testing

/// `batch` and SIGINT/SIGTERM: waiting for a request it exits at once with 128 + the signal;
/// a request in flight is finished or rolled back (never half-written) before it exits.
@Suite("livephoto batch signals")
struct BatchSignalTests {
    @Test("waiting for input, SIGINT exits 130 and SIGTERM 143, after answering what came before", arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func idle(signal: Int32, status: Int32) throws {
        let batch = try BatchSession()
        try batch.send(id: "1", args: ["inspect", "--json", CLITests.fixture("still-no-exif.jpg")])
        #expect(try batch.response()["exitCode"] as? Int == 0)
        kill(batch.process.processIdentifier, signal)
        batch.process.waitUntilExit()
        #expect(batch.process.terminationReason == .exit, "caught, not killed by the signal")
        #expect(batch.process.terminationStatus == status)
    }

    @Test("SIGINT while a pair is in flight: the pair is finished or untouched, nothing after it runs, exit 130")
    func pairInFlight() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-apple-makernote.jpg", to: dir, as: "C.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "C.MOV")
        let originals = try [still, movie].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let batch = try BatchSession()
        try batch.send(id: "1", args: ["pair", "--json", still, movie])
        try batch.send(id: "2", args: ["inspect", "--json", still])
        kill(batch.process.processIdentifier, SIGINT)
        let (lines, status) = batch.finish()
        #expect(status == 130)
        #expect(lines.count <= 1, "nothing after the request in flight is answered: \(lines)")
        if let line = lines.first {
            let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(r["id"] as? Int == 1)
            #expect([0, 130].contains(r["exitCode"] as? Int), "\(line)")
        }
        let now = try [still, movie].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        if now != originals {
            #expect(try CLITests.livephoto("verify", "-q", still, movie).status == 0, "a pair that was written is whole")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == ["C.JPG", "C.MOV"], "no temporary file left: \(left)")
    }

    /// Where the (test-only) fault injection raises the signal inside the pair, and whether the
    /// pair is then written: before the commit it is rolled back, during it it is finished.
    static let faults: [(step: String, signal: String, status: Int32, written: Bool)] = [
        ("still-prepared", "INT", 130, false), ("still-committed", "INT", 130, true), ("still-prepared", "TERM", 143, false),
    ]

    @Test("a signal at a set point of a pair request: answered with 130/143, rolled back before the commit, finished during it; the next request is not run",
          arguments: faults)
    func pairAtFault(fault: (step: String, signal: String, status: Int32, written: Bool)) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "E.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "E.MOV")
        let originals = try [still, movie].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        let batch = try BatchSession(env: ["LIVEPHOTO_FAULT_AT": fault.step, "LIVEPHOTO_FAULT_SIGNAL": fault.signal])
        try batch.send(id: "1", args: ["pair", "--json", still, movie])
        try batch.send(id: "2", args: ["inspect", "--json", still])
        let (lines, status) = batch.finish()
        #expect(status == fault.status)
        try #require(lines.count == 1, "the pair is answered, the request after it is not run: \(lines)")
        let r = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(r["id"] as? Int == 1)
        #expect(r["exitCode"] as? Int == Int(fault.status))
        let now = try [still, movie].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        if fault.written {
            #expect(try CLITests.livephoto("verify", "-q", still, movie).status == 0, "the pair was finished")
            #expect((r["output"] as? [String: Any])?["status"] as? String == "paired")
        } else {
            #expect(now == originals, "the pair was rolled back")
            #expect((r["errors"] as? [String])?.first?.contains("nothing was changed") == true, "\(lines[0])")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["E.JPG", "E.MOV"])
    }
}
