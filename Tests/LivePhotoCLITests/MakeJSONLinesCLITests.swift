import Foundation
import Testing

/// `make --json` on one movie prints one JSON document; on several movies one compact JSON
/// object per line (JSON lines, as the folder commands print), so a script reads each result
/// from its own line.
@Suite("make --json: several movies, one object per line")
struct MakeJSONLinesCLITests {
    @Test("two movies: two lines, each a whole object for its movie; one movie: a pretty-printed document", arguments: [1, 2, 3])
    func oneLinePerMovie(_ count: Int) throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let movies = try (1...count).map { try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_000\($0).MOV") }
        let run = try CLITests.livephoto(["make", "--dry-run", "--json"] + movies)
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        if count == 1 {
            #expect(lines.count > 1, "one movie: the document is pretty-printed: \(run.out)")
            let object = try #require(try CLITests.json(run.out) as? [String: Any])
            #expect(object["status"] as? String == "dry-run" && object["movie"] as? String == movies[0])
        } else {
            #expect(lines.count == count, "\(run.out)")
            for (line, movie) in zip(lines, movies) {
                let object = try #require(try CLITests.json(line) as? [String: Any], "\(line)")
                #expect(object["status"] as? String == "dry-run" && object["movie"] as? String == movie, "\(line)")
            }
        }
    }
}
