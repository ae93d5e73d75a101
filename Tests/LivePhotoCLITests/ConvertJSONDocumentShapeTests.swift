import Foundation
import Testing
import TestSupport

/// `convert --json` prints one conversion as one JSON document (pretty-printed, as `pair` and
/// `make` print theirs) and several as JSON Lines, one compact object a line.
@Suite("convert --json: one conversion a document, several JSON Lines", .requires(.python3))
struct ConvertJSONDocumentShapeTests {
    @Test("one Motion Photo: a pretty-printed document; two: two one-line objects")
    func documentOrLines() throws {
        let dir = try CLITests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ConvertCLITests.motionPhotos(in: dir)
        let inputs = ["PXL_20240101_120000000.MP.jpg", "MVIMG_20190101_101010.jpg"].map { dir.appendingPathComponent($0).path }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        let one = try CLITests.livephoto(["convert", "--json", "--dry-run", "-o", out.path, inputs[0]])
        #expect(one.status == 0, "\(one.err)")
        #expect(one.out.hasPrefix("{\n  \"") && one.out.split(separator: "\n").count > 3, "\(one.out)")
        let doc = try #require(try CLITests.json(one.out) as? [String: Any])
        #expect(doc["status"] as? String == "dry-run" && doc["input"] as? String == inputs[0], "\(doc)")

        let two = try CLITests.livephoto(["convert", "--json", "--dry-run", "-o", out.path] + inputs)
        #expect(two.status == 0, "\(two.err)")
        let lines = two.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasPrefix("{\"") }, "\(two.out)")
        let read = try lines.map { try #require(try CLITests.json($0) as? [String: Any]) }
        #expect(read.compactMap { $0["input"] as? String }.sorted() == inputs.sorted())
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty, "a dry run writes nothing")
    }
}
