import Foundation
import Testing

/// `livephoto inspect` prints every HEIF item but the tiles on a line of its own (id, type,
/// role, then what is known of it, its bytes), the items `inspect --json` lists; and in an
/// `inspect --json` array, a file that could not be read is an object naming its path and why.
@Suite("inspect: one line per non-tile HEIF item; a failure names its path in JSON")
struct InspectItemLinesAndFailurePathCLITests {
    @Test("still-heic.heic: the '    item' lines are the JSON's non-tile items, in order, with their bytes")
    func itemLines() throws {
        let heic = CLITests.fixture("still-heic.heic")
        let text = try CLITests.livephoto("inspect", heic)
        #expect(text.status == 0, "\(text.err)")
        let json = try CLITests.livephoto("inspect", "--json", heic)
        let items = try #require(((try CLITests.json(json.out) as? [String: Any])?["heif"] as? [String: Any])?["items"] as? [[String: Any]])
        let expected = items.filter { $0["role"] as? String != "tile" }.map { item in
            (prefix: "    item \(item["id"] as? Int ?? -1): \(item["type"] as? String ?? "?") \(item["role"] as? String ?? "?")",
             suffix: ", \(item["bytes"] as? Int ?? -1) bytes")
        }
        try #require(!expected.isEmpty)
        let lines = text.out.split(separator: "\n").map(String.init).filter { $0.hasPrefix("    item ") }
        #expect(lines.count == expected.count, "\(text.out)")
        for (line, e) in zip(lines, expected) {
            #expect(line.hasPrefix(e.prefix) && line.contains(e.suffix), "\(line) vs \(e)")
        }
    }

    @Test("inspect --json of a readable still and a missing movie: the failure object is {path, error}")
    func failurePath() throws {
        let r = try CLITests.livephoto("inspect", "--json", CLITests.fixture("still-no-exif.jpg"), "/nonexistent/IMG_0001.MOV")
        #expect(r.status == 3)
        let array = try #require(try CLITests.json(r.out) as? [[String: Any]])
        try #require(array.count == 2)
        #expect(Set(array[1].keys) == ["path", "error"])
        #expect(array[1]["path"] as? String == "/nonexistent/IMG_0001.MOV")
        #expect(array[1]["error"] as? String == "no such file or directory")
    }
}
