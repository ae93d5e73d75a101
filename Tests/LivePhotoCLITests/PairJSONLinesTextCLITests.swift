import Foundation
import Testing

/// `pair DIR --json` writes JSON Lines as `JSONEncoder` writes them with sorted keys and
/// unescaped slashes: a path appears in a line exactly as it is.
@Suite("pair DIR --json: lines with sorted keys and paths as they are")
struct PairJSONLinesTextCLITests {
    @Test("a dry-run line holds the still's path unescaped, keys in sorted order")
    func dryRunLine() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let still = try CLITests.copy("still-no-exif.jpg", to: dir, as: "IMG_1.JPG")
        let movie = try CLITests.copy("movie-moov-last.mov", to: dir, as: "IMG_1.MOV")
        let run = try CLITests.livephoto("pair", "--json", "--dry-run", dir.path)
        #expect(run.status == 0, "\(run.err)")
        let line = try #require(run.out.split(separator: "\n").first.map(String.init))
        #expect(line.contains("\"still\":\"\(still)\"") && line.contains("\"movie\":\"\(movie)\""), "\(line)")
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).keys.sorted()
        let positions = keys.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted(), "\(line)")
    }
}
