import Foundation
import Testing

/// `livephoto batch`: each response is what the same command run as a process gives.
@Suite("livephoto batch")
struct BatchCLITests {
    /// The process's stdout as the one JSON value a response's "output" holds, found
    /// independently of the batch: one document; else JSON Lines as an array; else the text.
    static func expectedOutput(_ out: String) -> Any {
        if out.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return NSNull() }
        if let value = try? JSONSerialization.jsonObject(with: Data(out.utf8), options: [.fragmentsAllowed]) { return value }
        let lines = out.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed]) }
        if lines.allSatisfy({ $0 != nil }) { return lines.compactMap { $0 } }
        return out
    }

    /// JSON values compared by their sorted-key text.
    static func canonical(_ value: Any?) -> String {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed]) else { return "<none>" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Each request through one batch, then the same arguments as their own processes.
    static func expectSameAsProcesses(_ requests: [[String]]) throws {
        let batch = try BatchSession()
        for (i, args) in requests.enumerated() { try batch.send(id: String(i), args: args) }
        let (lines, status) = batch.finish()
        #expect(status == 0)
        try #require(lines.count == requests.count, "\(lines)")
        for (i, args) in requests.enumerated() {
            let response = try #require(try JSONSerialization.jsonObject(with: Data(lines[i].utf8)) as? [String: Any])
            let run = try CLITests.livephoto(args)
            #expect(response["id"] as? Int == i)
            #expect(response["exitCode"] as? Int == Int(run.status), "\(args)")
            #expect(response["errors"] as? [String] == run.err.split(separator: "\n").map(String.init), "\(args)")
            #expect(canonical(response["output"]) == canonical(expectedOutput(run.out)), "\(args)")
        }
    }

    @Test("valid and failing requests answer what the command gives as a process: exit code, output, errors")
    func sameAsProcess() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-apple-makernote.jpg", to: dir, as: "IMG_1.JPG")
        let movie = try CLITests.copy("movie-moov-first.mov", to: dir, as: "IMG_1.MOV")
        let paired = try CLITests.livephoto("pair", "-q", still, movie)
        try #require(paired.status == 0, "\(paired.err)")
        let unpaired = CLITests.fixture("movie-moov-last.mov")
        try Self.expectSameAsProcesses([
            ["verify", "--json", still, movie],                                  // valid: 0
            ["verify", "--json", "--strict", still, unpaired],                   // not a pair: 1
            ["verify", "--json", still, dir.appendingPathComponent("none.MOV").path], // missing: 3
            ["verify", "--json", still, movie],                                  // --strict did not stay
            ["inspect", "--json", still, movie, "/nonexistent/x.jpg"],           // array with a failure: 3
            ["inspect", movie],                                                  // text
            ["scan", "--json", dir.path],                                        // JSON Lines
            ["verify", "--json", dir.path],                                      // folders: JSON Lines
            ["pair", "--json", "--dry-run", still, unpaired],
            ["verify", still],                                                   // usage: 2
            ["frobnicate"],                                                      // unknown command: 2
            ["verify", "--help"],                                                // help: text, 0
        ])
    }

    @Test("a pair written through batch is the pair the process writes: same result, same bytes")
    func pairWrites() throws {
        let dirs = try (0..<2).map { _ in try CLITests.scratch() }
        defer { for d in dirs { try? FileManager.default.removeItem(at: d) } }
        let files = try dirs.map { d in
            (try CLITests.copy("still-apple-makernote.jpg", to: d, as: "A.JPG"), try CLITests.copy("movie-moov-last.mov", to: d, as: "A.MOV"))
        }
        let id = "6E1C4C07-2A2B-4C55-8E59-3C8F4D6A7B10"
        let batch = try BatchSession()
        try batch.send(id: "\"p\"", args: ["pair", "--json", "--id", id, files[0].0, files[0].1])
        let response = try batch.response()
        #expect(batch.finish().status == 0)
        let run = try CLITests.livephoto("pair", "--json", "--id", id, files[1].0, files[1].1)
        #expect(response["exitCode"] as? Int == Int(run.status))
        #expect(response["exitCode"] as? Int == 0)
        let viaProcess = run.out.replacingOccurrences(of: dirs[1].path, with: dirs[0].path)
        #expect(Self.canonical(response["output"]) == Self.canonical(Self.expectedOutput(viaProcess)))
        for name in ["A.JPG", "A.MOV"] {
            let a = try Data(contentsOf: dirs[0].appendingPathComponent(name)), b = try Data(contentsOf: dirs[1].appendingPathComponent(name))
            #expect(a == b, "\(name) differs between batch and process")
        }
    }

    @Test("a line that is not a request gets {id, error}: its id when it is an object with one, else null; the batch goes on and ends 0")
    func malformed() throws {
        let batch = try BatchSession()
        let bad = ["not json", "[1, 2]", "\"verify\"", "{\"id\": 1}", "{\"id\": 2, \"args\": [\"verify\", 3]}",
                   "{\"id\": 3, \"args\": []}", "{\"id\": 4, \"args\": \"verify --json\"}", "{\"id\": 5, \"args\": [\"batch\"]}",
                   "{\"id\": 6, \"args\": [\"inspect\"", String(repeating: "x", count: 3 << 20)]
        for line in bad { batch.send(line) }
        batch.send("")
        batch.send("   ")
        try batch.send(id: "7", args: ["inspect", "--json", CLITests.fixture("still-heic.heic")])
        let (lines, status) = batch.finish()
        #expect(status == 0)
        try #require(lines.count == bad.count + 1, "one response per non-blank line: \(lines.map { $0.prefix(80) })")
        // The objects with an id (1 to 5) get it back; the others (not an object, cut off, too long) null.
        let ids: [Int?] = [nil, nil, nil, 1, 2, 3, 4, 5, nil, nil]
        for (line, id) in zip(lines.prefix(bad.count), ids) {
            let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let id { #expect(r["id"] as? Int == id, "\(line)") } else { #expect(r["id"] is NSNull, "\(line)") }
            #expect((r["error"] as? String)?.isEmpty == false, "\(line)")
            #expect(r.count == 2, "\(line)")
        }
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines[bad.count].utf8)) as? [String: Any])
        #expect(last["id"] as? Int == 7)
        #expect(last["exitCode"] as? Int == 0)
        #expect((last["output"] as? [String: Any])?["path"] as? String == CLITests.fixture("still-heic.heic"))
    }

    /// The bound on a request line is exact: 1 MiB of request (trailing spaces are JSON
    /// whitespace) is answered; one byte more is refused as too long, however the reads split
    /// it, and so is a line three times over (once); the request after each is answered.
    @Test("a request line of exactly 1 MiB is answered; one byte more, or far more, is refused as too long, once; the batch goes on")
    func lineLengthBound() throws {
        let limit = 1 << 20
        let request = "{\"id\": 1, \"args\": [\"inspect\", \"--json\", \"\(CLITests.fixture("still-heic.heic"))\"]}"
        func padded(_ count: Int) -> String { request + String(repeating: " ", count: count - request.utf8.count) }
        let batch = try BatchSession()
        batch.send(padded(limit))
        batch.send(padded(limit + 1))
        try batch.send(id: "2", args: ["inspect", "--json", CLITests.fixture("still-heic.heic")])
        batch.send(padded(3 * limit))
        try batch.send(id: "3", args: ["inspect", "--json", CLITests.fixture("still-heic.heic")])
        let (lines, status) = batch.finish()
        #expect(status == 0)
        try #require(lines.count == 5, "\(lines.map { $0.prefix(80) })")
        let responses = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        for (i, id) in [(0, 1), (2, 2), (4, 3)] {
            #expect(responses[i]["id"] as? Int == id && responses[i]["exitCode"] as? Int == 0, "\(lines[i].prefix(120))")
        }
        for i in [1, 3] {
            #expect(responses[i]["error"] as? String == "request line longer than 1 MiB" && responses[i]["id"] is NSNull, "\(lines[i].prefix(120))")
        }
    }

    @Test("ids come back as they were sent, in order; no id is null")
    func ids() throws {
        let ids = ["\"s\"", "7", "1.5", "{\"k\":[1,null,\"x\"]}", "null", "[]", "true"]
        let batch = try BatchSession()
        let args = ["inspect", "--json", CLITests.fixture("still-no-exif.jpg")]
        for id in ids { try batch.send(id: id, args: args) }
        batch.send("{\"args\": [\"inspect\", \"--json\", \"/nonexistent.jpg\"]}")
        let (lines, status) = batch.finish()
        #expect(status == 0)
        try #require(lines.count == ids.count + 1)
        for (id, line) in zip(ids + ["null"], lines) {
            let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let sent = try JSONSerialization.jsonObject(with: Data(id.utf8), options: [.fragmentsAllowed])
            #expect(Self.canonical(r["id"]) == Self.canonical(sent), "\(line.prefix(60))")
        }
    }

    @Test("a request's files are closed when it answers: the same descriptors open after many requests")
    func descriptorsClosed() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-apple-makernote.jpg", to: dir, as: "B.JPG")
        let movie = try CLITests.copy("movie-moov-first.mov", to: dir, as: "B.MOV")
        let batch = try BatchSession()
        try batch.send(id: "0", args: ["inspect", "--json", still])
        _ = try batch.response()
        let before = batch.openFiles
        #expect(!before.isEmpty)
        let requests: [[String]] = [["verify", "--json", still, movie], ["pair", "--json", still, movie], ["verify", "--json", "--strict", still, movie],
                                    ["scan", "--json", dir.path], ["inspect", "--json", still, movie, "/nonexistent"], ["verify", still, dir.path]]
        for (i, args) in requests.enumerated() {
            try batch.send(id: String(i + 1), args: args)
            let r = try batch.response()
            #expect(r["id"] as? Int == i + 1)
        }
        #expect(batch.openFiles == before)
        #expect(batch.finish().status == 0)
    }

    @Test("--files-from - is refused inside batch (stdin carries the requests, none is eaten); a list in a file answers as in a process")
    func filesFrom() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-apple-makernote.jpg", to: dir, as: "D.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "D.MOV")
        let list = dir.appendingPathComponent("list.txt")
        try Data("\(still)\n\(movie)\n".utf8).write(to: list)
        let batch = try BatchSession()
        for (i, source) in ["-", "/dev/stdin"].enumerated() { try batch.send(id: String(i), args: ["scan", "--json", "--files-from", source]) }
        try batch.send(id: "2", args: ["inspect", "--json", still])
        let (lines, status) = batch.finish()
        #expect(status == 0)
        try #require(lines.count == 3, "\(lines)")
        for line in lines.prefix(2) {
            let r = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(r["exitCode"] as? Int == 2)
            #expect((r["errors"] as? [String])?.first?.contains("carries batch's requests") == true, "\(line)")
        }
        #expect(lines[2].contains("\"id\":2") && lines[2].contains("\"exitCode\":0"))
        try Self.expectSameAsProcesses([["scan", "--json", "--files-from", list.path], ["verify", "--json", "--files-from", list.path]])
    }
}
